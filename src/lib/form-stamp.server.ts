/** The contact form's time trap (decision 110): each page carries the signed time it was served; a
 * post sooner than a person could fill the form is a bot's. */
import { type KeyObject, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto'

/** What the contact form's time stamp said about a post. */
export type StampReading =
  | { kind: 'missing' }
  | { kind: 'forged' }
  /** Posted sooner after the page was served than a person could have filled the form. */
  | { kind: 'too_fast'; ageSeconds: number }
  | { kind: 'ok'; ageSeconds: number }

/** Random per process, so nobody can plant it in content to have it replaced. */
export const STAMP_PLACEHOLDER = `formstamp${randomBytes(12).toString('hex')}`

/** Null (pages carry no stamp) until the backend gives it; a KeyObject, since a Buffer key is
 * copied and checked again on every HMAC. */
let key: KeyObject | null = null
let loading: Promise<void> | null = null

/** Fetches the shared key once per process (the database keeps it, so every instance signs alike). */
export function loadFormStampKey(load: () => Promise<Buffer>): Promise<void> {
  loading ??= load().then(
    (loaded) => {
      key = createSecretKey(loaded)
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

function sign(secret: KeyObject, ms: string): string {
  return createHmac('sha256', secret).update(`contact-form:${ms}`).digest('base64url').slice(0, 22)
}

/** A stamp's length: 8 base-36 digits of time (from 1973 to 2059), a dot and 22 of signature. */
export const FORM_STAMP_LENGTH = Date.now().toString(36).length + 23

/** The last stamp issued: responses in the same millisecond get the same one (an HMAC is not free). */
let last = { key: null as KeyObject | null, now: Number.NaN, stamp: '' }

/** `<ms since epoch, base 36>.<signature>`; empty while the key is not loaded yet. */
export function issueFormStamp(now = Date.now()): string {
  if (!key) return ''
  if (last.now === now && last.key === key) return last.stamp
  const ms = now.toString(36)
  last = { key, now, stamp: `${ms}.${sign(key, ms)}` }
  return last.stamp
}

/** What a posted stamp says; `minFillSeconds` is how long a person needs at least. */
export function readFormStamp(stamp: string, minFillSeconds: number, now = Date.now()): StampReading {
  if (stamp === '' || !key) return { kind: 'missing' }
  const [ms, signature, extra] = stamp.split('.')
  if (!ms || !signature || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(ms)) return { kind: 'forged' }
  const expected = Buffer.from(sign(key, ms))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'forged' }
  const ageSeconds = (now - Number.parseInt(ms, 36)) / 1000
  // A stamp from the future was not made by this site's clock (instances share the database's key, not a clock).
  if (ageSeconds < -60) return { kind: 'forged' }
  return ageSeconds < minFillSeconds ? { kind: 'too_fast', ageSeconds } : { kind: 'ok', ageSeconds }
}

/** For tests: forget the key. */
export function resetFormStampKey(): void {
  key = null
  loading = null
}
