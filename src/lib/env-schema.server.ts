/** Valibot pieces shared by the environment's schemas (env.server.ts, env-test-knobs.server.ts). */
import * as v from 'valibot'

export class EnvError extends Error {
  override name = 'EnvError'
}

export const optionalString = v.optional(v.pipe(v.string(), v.trim()), '')

/** A whole number of `unit` within [min, max], else `fallback` when unset; the messages say what a bound means. */
export function wholeNumber(
  name: string,
  unit: string,
  {
    fallback,
    min,
    max,
    minMessage,
    maxMessage,
  }: { fallback: number; min?: number; max?: number; minMessage?: string; maxMessage?: string },
) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d*$/, `${name} must be a whole number of ${unit}`),
      v.transform((text) => (text === '' ? fallback : Number(text))),
      v.minValue(min ?? 0, minMessage ?? `${name} must be at least ${min ?? 0}`),
      v.maxValue(max ?? Number.MAX_SAFE_INTEGER, maxMessage ?? `${name} must be at most ${max}`),
    ),
    '',
  )
}
