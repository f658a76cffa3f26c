/**
 * The base model shipped with the product (docs/decisions/260-base-spam-model.md): each word's
 * spam probability as learned from public and project corpora by `scripts/train-spam-base.ts`,
 * so a fresh site's model speaks from its first message. Loaded once, with the server.
 */
import data from './base-model.json'

export interface BaseModelFile {
  /** What it was trained on, for people: corpora, halves and sizes. */
  trainedOn: string
  /** Word (as text.ts tokenizes) → spam probability in hundredths (1–99). */
  words: Record<string, number>
}

export function baseModelOf(file: BaseModelFile): ReadonlyMap<string, number> {
  return new Map(Object.entries(file.words).map(([word, hundredths]) => [word, hundredths / 100]))
}

export const BASE_MODEL: ReadonlyMap<string, number> = baseModelOf(data as BaseModelFile)
