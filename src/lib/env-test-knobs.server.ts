/** Knobs for tests and benches only; those that weaken a protection are refused in production. */
import * as v from 'valibot'
import { optionalString, wholeNumber } from './env-schema.server'
import { LIMITS } from './limits'

export const TestKnobsSchema = v.object({
  /** Shortens the sign-in code's life so a browser can drive the expired-code path (decision 020). */
  AUTH_CODE_TTL_SECONDS: wholeNumber('AUTH_CODE_TTL_SECONDS', 'seconds', {
    fallback: LIMITS.auth.codeTtlSeconds,
    min: 1,
    max: LIMITS.auth.codeTtlSeconds,
    maxMessage: `AUTH_CODE_TTL_SECONDS may only shorten the ${LIMITS.auth.codeTtlSeconds} s limit`,
  }),
  /** Raises how many messages may arrive in the flood window before notifications become a digest. */
  MAIL_FLOOD_MAX: wholeNumber('MAIL_FLOOD_MAX', 'messages', {
    fallback: LIMITS.mail.floodMax,
    min: LIMITS.mail.floodMax,
    minMessage: `MAIL_FLOOD_MAX may only raise the limit of ${LIMITS.mail.floodMax} messages`,
  }),
  /** Lowers the spam filter's time trap (0: off); Playwright fills a form in milliseconds. */
  SPAM_MIN_FILL_SECONDS: wholeNumber('SPAM_MIN_FILL_SECONDS', 'seconds', {
    fallback: LIMITS.spam.minFillSeconds,
    max: LIMITS.spam.minFillSeconds,
    maxMessage: `SPAM_MIN_FILL_SECONDS may only lower the ${LIMITS.spam.minFillSeconds} s limit`,
  }),
  /** Where Akismet is asked: a local stand-in; the key's own host otherwise. */
  AKISMET_URL: optionalString,
})

export type TestKnobs = v.InferOutput<typeof TestKnobsSchema>

/** The knobs that weaken a protection when set: refused in production. */
const WEAKENING = ['MAIL_FLOOD_MAX', 'SPAM_MIN_FILL_SECONDS', 'AKISMET_URL'] as const

/** The names of the weakening knobs `source` sets, when it runs in production. */
export function refusedInProduction(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== 'production') return []
  return WEAKENING.filter((name) => (source[name] ?? '').trim() !== '')
}
