/**
 * Shared fast-check arbitraries for hostile input: the strings, values and shapes an attacker (or
 * a broken client) sends. Each one is small enough that a few dozen runs per server function
 * stay fast, with a few deliberately large cases mixed in.
 */
import { defaultSiteContent } from '~/features/content/default-content'
import fc from 'fast-check'
import { LIMITS } from '~/lib/limits'
import * as v from 'valibot'
import { STATUS_FILTERS } from '~/domain/messages'
import { BannerImageUrlSchema } from '~/features/banners/banners.schemas'

/** Payloads that would do harm if they reached SQL, HTML or a template unescaped. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE contact_messages; --",
  '" ; select pg_sleep(5); --',
  '1; update hero_settings set image_url = null',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: hacked=1',
  '\\u0000',
] as const

/** Characters that break naive code: NUL and other controls, lone surrogates, RTL marks, emoji. */
export const AWKWARD_CHARS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\b',
  '\r\n',
  '\t',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200B',
  '\uFEFF',
  '\u0301',
  '👨‍👩‍👧',
  '𝕏',
  'İı',
  '\u2028',
]

/** Keys that pollute prototypes when code merges objects carelessly. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const

export const awkwardString = fc
  .array(fc.oneof(fc.constantFrom(...AWKWARD_CHARS), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''))

export interface SizeOptions {
  /** Include strings past the body limit (64 KB) and near it. */
  huge?: boolean
  /** The value travels in a URL (GET server functions): keep it well under the header limit. */
  inUrl?: boolean
}

/** Any string an attacker might send. */
export function hostileString(options: SizeOptions = {}): fc.Arbitrary<string> {
  const sizes = options.inUrl ? [200, 500] : options.huge ? [5_001, 30_000, 100_000] : [300, 5_001]
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 3, arbitrary: awkwardString },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n\t ', 'null', 'undefined', 'NaN', 'true', '0', '-1', '[]', '{}') },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...sizes), fc.constantFrom('a', 'ğ', '<', '\u0000', '😀')).map(([n, c]) => c.repeat(n)),
    },
  )
}

/** Numbers at and beyond every edge. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 2 ** 31, 1e308),
  fc.double(),
  fc.integer(),
)

/** Strings that look like an id but are not a valid one. */
export const invalidUuid = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    'null',
    '00000000-0000-0000-0000-00000000000',
    '00000000-0000-0000-0000-0000000000000',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    "1' or '1'='1",
  ),
  fc.uuid().map((id) => `${id} `),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.uuid().map((id) => `${id}\u0000`),
)

/** An object nested `depth` levels deep (parsers and validators that recurse choke on these). */
export const deeplyNested = (depth: number) =>
  fc.constantFrom('a', '__proto__', 'data').map((key) => {
    let value: unknown = 'bottom'
    for (let i = 0; i < depth; i++) value = { [key]: value }
    return value
  })

/** An object with own prototype-polluting keys (as JSON.parse would make them). */
export const pollutingObject = fc
  .tuple(
    fc.constantFrom(...POLLUTING_KEYS),
    fc.constantFrom<unknown>({ polluted: 'yes' }, 'yes', { prototype: { polluted: 'yes' } }, null),
  )
  .map(
    ([key, value]) =>
      JSON.parse(JSON.stringify({ [`${key}`]: value, [key === '__proto__' ? 'x' : '__proto__']: { polluted: 'yes' } })) as object,
  )

/** Wrong types of every kind, nested a little. */
export function hostileValue(options: SizeOptions & { depth?: number } = {}): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileString(options),
    hostileNumber,
    fc.constantFrom<unknown>(
      null,
      undefined,
      true,
      false,
      [],
      {},
      new Date(Number.NaN),
      new Date(0),
      10n ** 30n,
      new Map([['a', 1]]),
      new Set([1]),
    ),
  )
  return fc.oneof(
    { weight: 5, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
    { weight: 1, arbitrary: pollutingObject },
    { weight: 1, arbitrary: deeplyNested(options.depth ?? (options.inUrl ? 20 : 300)) },
  )
}

/**
 * Inputs shaped like `valid` but broken: a field missing, a field of a hostile value, extra
 * (polluting) keys, or not an object at all. `broken` lists, per field, values that field must
 * refuse; when `alwaysInvalid` is set every case breaks at least one field, so a case that is
 * accepted means a check is missing.
 */
export function brokenObject(
  valid: Record<string, fc.Arbitrary<unknown>>,
  broken: Record<string, fc.Arbitrary<unknown>>,
  options: SizeOptions & { depth?: number; alwaysInvalid?: boolean } = {},
): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid)
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 6 })),
    hostileValue({ ...options, depth: 3 }),
    { maxKeys: 3 },
  )
  const shaped = fc
    .record({
      base: fc.record(valid),
      breakKeys: fc.subarray(keys, { minLength: 1 }),
      drop: fc.boolean(),
      extra: extras,
      replacement: fc.record(broken),
    })
    .map(({ base, breakKeys, drop, extra, replacement }) => {
      const input: Record<string, unknown> = { ...base }
      for (const key of breakKeys) {
        if (drop) delete input[key]
        else input[key] = replacement[key]
      }
      // Defined, not assigned: an own `__proto__` key must stay a key, as JSON.parse makes it.
      for (const [name, value] of Object.entries(extra)) {
        if (!Object.hasOwn(valid, name))
          Object.defineProperty(input, name, { value, enumerable: true, writable: true, configurable: true })
      }
      return input
    })
  if (options.alwaysInvalid) return shaped
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue(options) })
}

/** Bodies that are not what the server-function protocol expects at all. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    { type: 'application/json', body: 'not json{' },
    { type: 'application/json', body: '' },
    { type: 'application/json', body: '12' },
    { type: 'application/json', body: 'null' },
    { type: 'application/json', body: '{"data":{"name":"x"}}' },
    { type: 'application/json', body: '{"t":99,"i":0}' },
    { type: 'application/json', body: '{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":25,"i":1,"s":{},"c":"$TSR/nope"}]},"o":0}' },
    { type: 'application/json', body: '['.repeat(5_000) },
    { type: 'multipart/form-data; boundary=xyz', body: 'garbage' },
    { type: 'multipart/form-data', body: '--\r\n\r\n' },
    { type: 'application/x-www-form-urlencoded', body: '%%%=&&=%ZZ' },
    { type: 'text/plain', body: '<script>alert(1)</script>' },
    { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  ),
  fc.record({ type: fc.constant('application/json'), body: fc.string({ unit: 'binary', maxLength: 200 }) }),
  fc.record({
    type: fc.constant('application/json'),
    body: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? ''),
  }),
)

/** A client address per request: the sign-in and contact limits count per address. */
export function addressPool(prefix: number) {
  let n = 0
  return () => {
    n++
    return `10.${prefix}.${(n >> 8) & 255}.${n & 255}`
  }
}

// --- Per server function -------------------------------------------------------------------

export interface Where {
  /** A GET server function: the input travels in the URL. */
  inUrl: boolean
}

/**
 * What one server function is fed. `refuses`: every case breaks the input, so each answer must
 * be a 4xx; otherwise a case may be valid (a random id nobody has) and answer 2xx.
 */
export interface ServerFnInput {
  input: (where: Where) => fc.Arbitrary<unknown>
  refuses: boolean
}

const sized = (w: Where) => ({ inUrl: w.inUrl, huge: !w.inUrl })
const notAString = (w: Where) => hostileValue({ ...sized(w), depth: w.inUrl ? 20 : 300 }).filter((x) => typeof x !== 'string')
/** Anything but a whole number from `min` up: what a revision or numeric id must refuse (a random 0 would be valid). */
const notAWholeNumber = (w: Where, min: number) =>
  hostileValue({ ...sized(w), depth: w.inUrl ? 20 : 300 }).filter((x) => !(Number.isInteger(x) && (x as number) >= min))
/** Values `schema` must refuse: wrong types, or hostile strings it does not accept. */
const refusedBy = (schema: v.GenericSchema, w: Where) =>
  fc.oneof(
    notAString(w),
    hostileString(sized(w)).filter((s) => !v.safeParse(schema, s).success),
  )
const unknownEmail = fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => `${local}@nobody.example`)
const uuids = fc.array(fc.uuid(), { minLength: 1, maxLength: 4 })
const inboxView = { status: fc.constantFrom(...STATUS_FILTERS), q: awkwardString }
const anything: ServerFnInput = { input: (w) => hostileValue(sized(w)), refuses: false }
/** The bulk actions: `{ ids }`, one to 200 uuids. */
const byIds: ServerFnInput = {
  refuses: false,
  input: (w) =>
    brokenObject(
      { ids: uuids },
      { ids: fc.oneof(fc.constant([]), fc.array(fc.oneof(invalidUuid, notAString(w)), { minLength: 1, maxLength: 3 })) },
      w,
    ),
}
const byId: ServerFnInput = {
  input: (w) => brokenObject({ id: fc.uuid() }, { id: fc.oneof(invalidUuid, notAString(w)) }, w),
  refuses: false,
}

const hostileValidContactFields = {
  name: fc.constantFrom('Deniz Kaya', 'Zoë Ünal-Çelik', ...INJECTIONS.filter((s) => s.length <= 100)),
  email: fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => `${local}@example.com`),
  message: fc
    .tuple(fc.constantFrom(...INJECTIONS), awkwardString, fc.constantFrom(...INJECTIONS))
    .map((parts) => parts.join(' ')),
}
/** A contact submission with hostile but valid content: it must be stored as inert text. */
export const hostileValidContact = fc.record(hostileValidContactFields)

/** Values each contact field must refuse. */
const contactBroken = (w: Where) => ({
  name: fc.oneof(notAString(w), fc.constantFrom('', ' ', 'a', '\u0000 ', '\u0007\u0007', 'x'.repeat(101))),
  email: fc.oneof(
    notAString(w),
    hostileString(sized(w)).filter((s) => !s.includes('@')),
    fc.constant('a@'.repeat(200)),
  ),
  message: fc.oneof(notAString(w), fc.constantFrom('', 'short', '        x', '\u0000'.repeat(20), 'm'.repeat(5001))),
})
const contactInvalid: ServerFnInput = {
  refuses: true,
  input: (w) => brokenObject(hostileValidContactFields, contactBroken(w), { ...w, alwaysInvalid: true }),
}

/** The no-JavaScript form's fields, always invalid (a form post carries strings only). */
export const invalidContactForm = (w: Where) =>
  brokenObject(
    hostileValidContactFields,
    {
      name: fc.constantFrom('', 'a', '\u0000\u0000', 'x'.repeat(101)),
      email: hostileString(sized(w)).filter((s) => !s.includes('@')),
      message: fc.constantFrom('', 'short', '\u0000'.repeat(20), 'm'.repeat(5001)),
    },
    { ...w, alwaysInvalid: true },
  )

const FN = {
  contact: 'src/features/contact/contact.functions.ts',
  auth: 'src/features/auth/auth.functions.ts',
  session: 'src/features/auth/session.functions.ts',
  landing: 'src/features/landing/landing.functions.ts',
  banners: 'src/features/banners/banners.functions.ts',
  inbox: 'src/features/inbox/inbox.functions.ts',
  trash: 'src/features/inbox/trash-and-spam.functions.ts',
  notifications: 'src/features/notifications/notifications.functions.ts',
  team: 'src/features/team/team.functions.ts',
  legal: 'src/features/legal/legal.functions.ts',
  privacy: 'src/features/privacy/privacy.functions.ts',
  backups: 'src/features/backups/backups.functions.ts',
  stats: 'src/features/stats/stats.functions.ts',
  content: 'src/features/content/content.functions.ts',
  replies: 'src/features/replies/replies.functions.ts',
  activity: 'src/features/activity/activity.functions.ts',
  leads: 'src/features/leads/leads.functions.ts',
  sessions: 'src/features/account/sessions.functions.ts',
  savedReplies: 'src/features/saved-replies/saved-replies.functions.ts',
  passkeys: 'src/features/auth/passkey.functions.ts',
}

/** addAdmin and removeAdmin take one address. */
const teamEmail: ServerFnInput = {
  refuses: true,
  // Always invalid: a valid address would really be added (or removed).
  input: (w) =>
    brokenObject({ email: unknownEmail }, { email: refusedBy(v.pipe(v.string(), v.email()), w) }, { ...w, alwaysInvalid: true }),
}

/** A content save or publish, always refused: a broken document (hostile values anywhere) or revision. */
const contentWrite: ServerFnInput = {
  refuses: true,
  input: (w) =>
    brokenObject(
      { content: fc.constant(defaultSiteContent()), baseRevision: fc.nat({ max: 1000 }) },
      {
        content: fc.oneof(hostileValue({ ...sized(w), depth: 6 }), fc.constant({ ...defaultSiteContent(), seo: { title: 'x' } })),
        baseRevision: fc.oneof(notAWholeNumber(w, 0), fc.constantFrom(-1, 1.5, Number.NaN, '0', null)),
      },
      { ...w, alwaysInvalid: true },
    ),
}

/** A saved reply's fields, always broken: an empty, overlong or wrongly typed title or text. */
const savedReplyFields = (
  w: Where,
  valid: Record<string, fc.Arbitrary<unknown>>,
  broken: Record<string, fc.Arbitrary<unknown>> = {},
) =>
  brokenObject(
    { ...valid, title: fc.constant('Teşekkür'), bodyTr: fc.constant('Merhaba {ad}'), bodyEn: fc.constant('Hello {ad}') },
    {
      ...broken,
      title: fc.oneof(notAString(w), fc.constantFrom('', '   ', '\u0000', 't'.repeat(LIMITS.savedReplies.titleMax + 1))),
      bodyTr: fc.oneof(notAString(w), fc.constantFrom('', '  ', 'x'.repeat(LIMITS.savedReplies.bodyMax + 1))),
      bodyEn: fc.oneof(notAString(w), fc.constantFrom('', '\n', 'x'.repeat(LIMITS.savedReplies.bodyMax + 1))),
    },
    { ...w, alwaysInvalid: true },
  )

/** Keyed `<file>#<name>` as findSourceServerFns names them; a function missing here fails the test. */
export const SERVER_FN_INPUTS: Record<string, ServerFnInput> = {
  [`${FN.contact}#submitContactMessage`]: contactInvalid,
  // A JSON call to the no-JavaScript form's function (its multipart posts are tested apart).
  [`${FN.contact}#submitContactForm`]: contactInvalid,
  [`${FN.auth}#sendLoginCode`]: {
    refuses: true,
    input: (w) => brokenObject({ email: unknownEmail }, { email: refusedBy(v.pipe(v.string(), v.email()), w) }, w),
  },
  [`${FN.auth}#verifyLoginCode`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { email: unknownEmail, code: fc.stringMatching(/^\d{6}$/) },
        { email: refusedBy(v.pipe(v.string(), v.email()), w), code: refusedBy(v.pipe(v.string(), v.regex(/^\d{6}$/)), w) },
        w,
      ),
  },
  [`${FN.auth}#signOut`]: anything,
  [`${FN.auth}#getCodeDelivery`]: byId,
  [`${FN.notifications}#getNotificationSettings`]: anything,
  [`${FN.team}#getTeam`]: anything,
  [`${FN.backups}#getSnapshotWarning`]: anything,
  [`${FN.privacy}#getRetention`]: anything,
  // A named range, or a broken one (an unknown name, a day that is no day, a filter of another type);
  // an optional field given as undefined is no field, so some inputs are answered.
  [`${FN.stats}#getStats`]: {
    refuses: false,
    input: (w) =>
      brokenObject(
        { range: fc.constantFrom('7d', '30d', '90d', '12m') },
        {
          range: refusedBy(v.picklist(['7d', '30d', '90d', '12m']), w),
          from: refusedBy(v.pipe(v.string(), v.isoDate()), w),
          device: refusedBy(v.picklist(['phone', 'tablet', 'desktop']), w),
        },
        w,
      ),
  },
  // One address: finding a valid unknown one changes nothing; erasing is only ever sent invalid ones.
  [`${FN.privacy}#findPersonalData`]: {
    refuses: true,
    input: (w) => brokenObject({ email: unknownEmail }, { email: refusedBy(v.pipe(v.string(), v.email()), w) }, w),
  },
  [`${FN.privacy}#erasePersonalData`]: teamEmail,
  [`${FN.legal}#getLegalPage`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { page: fc.constantFrom('notice', 'privacy', 'cookies'), locale: fc.constantFrom('tr', 'en') },
        { page: refusedBy(v.picklist(['notice', 'privacy', 'cookies']), w), locale: refusedBy(v.picklist(['tr', 'en']), w) },
        w,
      ),
  },
  [`${FN.team}#addAdmin`]: teamEmail,
  [`${FN.team}#removeAdmin`]: teamEmail,
  [`${FN.notifications}#saveNotificationSettings`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { newMessages: fc.boolean(), locale: fc.constantFrom('tr', 'en') },
        {
          newMessages: hostileValue({ ...sized(w), depth: 5 }).filter((x) => typeof x !== 'boolean'),
          locale: refusedBy(v.picklist(['tr', 'en']), w),
        },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.session}#getAdminSession`]: anything,
  [`${FN.landing}#getLandingPageData`]: {
    refuses: false,
    input: (w) =>
      brokenObject(
        { locale: fc.constantFrom('tr', 'en') },
        { locale: fc.oneof(notAString(w), hostileString({ inUrl: true })) },
        w,
      ),
  },
  [`${FN.content}#getContentEditor`]: anything,
  [`${FN.content}#listContentVersions`]: anything,
  [`${FN.content}#getDefaultContent`]: anything,
  // Always invalid: a valid document would really be saved or published.
  [`${FN.content}#saveContentDraft`]: contentWrite,
  [`${FN.content}#publishContent`]: contentWrite,
  [`${FN.content}#restoreContentVersion`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { id: fc.integer({ min: 1, max: 1000 }) },
        { id: fc.oneof(notAWholeNumber(w, 1), fc.constantFrom(0, -1, 1.5, Number.NaN, '1', null)) },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.replies}#getThread`]: {
    refuses: false,
    input: (w) => brokenObject({ messageId: fc.uuid() }, { messageId: fc.oneof(invalidUuid, notAString(w)) }, w),
  },
  [`${FN.replies}#resendReply`]: {
    refuses: false,
    input: (w) => brokenObject({ replyId: fc.uuid() }, { replyId: fc.oneof(invalidUuid, notAString(w)) }, w),
  },
  // Always invalid: a valid reply to an existing message would really be sent.
  [`${FN.replies}#sendReply`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { replyId: fc.uuid(), messageId: fc.uuid(), locale: fc.constantFrom('tr', 'en'), body: fc.constant('Merhaba') },
        {
          replyId: fc.oneof(invalidUuid, notAString(w)),
          messageId: fc.oneof(invalidUuid, notAString(w)),
          locale: refusedBy(v.picklist(['tr', 'en']), w),
          body: fc.oneof(notAString(w), fc.constantFrom('', '   ', '\u0000', 'x'.repeat(LIMITS.replies.bodyMax + 1))),
        },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.savedReplies}#listSavedReplies`]: anything,
  [`${FN.savedReplies}#deleteSavedReply`]: byId,
  // Always invalid: a valid one would really be added (or change one).
  [`${FN.savedReplies}#createSavedReply`]: { refuses: true, input: (w) => savedReplyFields(w, {}) },
  [`${FN.savedReplies}#updateSavedReply`]: {
    refuses: true,
    input: (w) => savedReplyFields(w, { id: fc.uuid() }, { id: fc.oneof(invalidUuid, notAString(w)) }),
  },
  // A passkey's answer is signed by an authenticator: no random value passes its checks.
  [`${FN.passkeys}#getMyPasskeys`]: anything,
  [`${FN.passkeys}#beginPasskeyRegistration`]: anything,
  [`${FN.passkeys}#finishPasskeyRegistration`]: { refuses: true, input: (w) => hostileValue(sized(w)) },
  [`${FN.passkeys}#removeMyPasskey`]: { refuses: true, input: (w) => hostileValue(sized(w)) },
  [`${FN.passkeys}#beginPasskeySignIn`]: anything,
  [`${FN.passkeys}#finishPasskeySignIn`]: { refuses: true, input: (w) => hostileValue(sized(w)) },
  [`${FN.passkeys}#beginPasskeyVerification`]: anything,
  [`${FN.passkeys}#finishPasskeyVerification`]: { refuses: true, input: (w) => hostileValue(sized(w)) },
  [`${FN.passkeys}#resetPasskeys`]: teamEmail,
  [`${FN.activity}#listActivity`]: anything,
  [`${FN.activity}#exportActivityCsv`]: anything,
  // Always invalid: a valid address and role would really change someone's role.
  [`${FN.team}#setAdminRole`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { email: unknownEmail, role: fc.constantFrom('owner', 'admin') },
        { email: refusedBy(v.pipe(v.string(), v.email()), w), role: refusedBy(v.picklist(['owner', 'admin']), w) },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.leads}#getStaffDirectory`]: anything,
  [`${FN.leads}#getMyProfile`]: anything,
  [`${FN.sessions}#getMySessions`]: anything,
  [`${FN.sessions}#endMySession`]: byId,
  [`${FN.sessions}#endMyOtherSessions`]: anything,
  [`${FN.leads}#getLeadNotes`]: byId,
  [`${FN.leads}#getLeadHistory`]: byId,
  [`${FN.leads}#deleteLeadNote`]: byId,
  [`${FN.leads}#assignOwner`]: {
    refuses: false,
    input: (w) =>
      brokenObject(
        { id: fc.uuid(), owner: fc.constant(null) },
        { id: fc.oneof(invalidUuid, notAString(w)), owner: refusedBy(v.nullable(v.pipe(v.string(), v.email())), w) },
        w,
      ),
  },
  [`${FN.leads}#announcePresence`]: {
    refuses: false,
    input: (w) =>
      brokenObject(
        { id: fc.uuid(), typing: fc.boolean(), present: fc.boolean() },
        { id: fc.oneof(invalidUuid, notAString(w)), typing: notAString(w), present: fc.constantFrom('yes', 1, null) },
        w,
      ),
  },
  // Always invalid: a valid note on an existing lead, or a valid profile, would really be stored.
  [`${FN.leads}#addLeadNote`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { messageId: fc.uuid(), body: fc.constant('Not') },
        {
          messageId: fc.oneof(invalidUuid, notAString(w)),
          body: fc.oneof(notAString(w), fc.constantFrom('', '   ', 'x'.repeat(LIMITS.leads.noteMax + 1))),
        },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.leads}#saveMyProfile`]: {
    refuses: true,
    input: (w) =>
      brokenObject(
        { name: fc.constant('Deniz'), signature: fc.constant('') },
        {
          name: fc.oneof(notAString(w), fc.constant('x'.repeat(LIMITS.leads.nameMax + 1))),
          signature: fc.oneof(notAString(w), fc.constant('x'.repeat(LIMITS.leads.signatureMax + 1))),
        },
        { ...w, alwaysInvalid: true },
      ),
  },
  [`${FN.banners}#listBanners`]: anything,
  [`${FN.banners}#resetBanners`]: anything,
  [`${FN.banners}#saveBanners`]: {
    refuses: true,
    input: (w) => {
      const bad = fc.constantFrom(
        'https://a.example/\u0000.png',
        'https://a.example/a\nb.png',
        'javascript:alert(1)',
        '/uploads/../.env',
        'https://u:p@a.example/x.png',
        `https://a.example/${'x'.repeat(2048)}`,
        'data:image/png;base64,AAAA',
        '//evil.example/x.png',
        'ftp://a.example/x.png',
      )
      const url = fc.oneof(refusedBy(BannerImageUrlSchema, w), bad)
      // An absent mobile image is a valid one (none): a refused value there must be present.
      const mobileUrl = url.filter((value) => value !== undefined)
      const validUrl = fc.constantFrom('', 'https://example.com/a.png', '/uploads/hero-en.png')
      const valid = fc.record({ imageUrl: validUrl, mobileImageUrl: validUrl }, { requiredKeys: ['imageUrl'] })
      // A banner is its images: a refused address in either field, a malformed description of
      // copies, or a bare URL (the shape before mobile images).
      const broken = fc.oneof(
        fc.record({ imageUrl: url }),
        fc.record({ imageUrl: validUrl, mobileImageUrl: mobileUrl }),
        fc.record({
          imageUrl: fc.constant('/uploads/hero-tr-banner-1.png'),
          imageVariants: fc.constantFrom('big', 42, [], { width: 2200 }, { width: 1, height: 1, widths: [4000] }),
        }),
        validUrl,
      )
      return brokenObject(
        { 'tr-banner': valid, 'en-banner': valid },
        { 'tr-banner': broken, 'en-banner': broken },
        { ...w, alwaysInvalid: true },
      )
    },
  },
  [`${FN.inbox}#listMessages`]: {
    refuses: false,
    input: (w) =>
      brokenObject(
        { ...inboxView, page: fc.integer({ min: 1, max: 100_000 }) },
        {
          status: hostileValue({ depth: 20, inUrl: true }),
          q: notAString(w),
          page: fc.constantFrom(0, -1, 1.5, NaN, 1e9, '2', null),
        },
        w,
      ),
  },
  [`${FN.inbox}#getMessage`]: byId,
  [`${FN.inbox}#openMessage`]: byId,
  [`${FN.inbox}#toggleMessageStatus`]: byId,
  [`${FN.inbox}#deleteMessage`]: byId,
  [`${FN.inbox}#bulkUpdateStatus`]: {
    refuses: false,
    input: (w) => {
      const ids = fc.oneof(
        fc.constant([]),
        fc.array(invalidUuid, { minLength: 1, maxLength: 3 }),
        fc.constant(Array(201).fill('00000000-0000-4000-8000-000000000000')),
        notAString(w),
      )
      return brokenObject(
        { ids: uuids, action: fc.constantFrom('read', 'archive') },
        { ids, action: hostileValue({ depth: 5 }) },
        w,
      )
    },
  },
  [`${FN.inbox}#bulkDeleteMessages`]: byIds,
  [`${FN.trash}#restoreMessages`]: byIds,
  [`${FN.trash}#purgeMessages`]: byIds,
  [`${FN.trash}#emptyTrash`]: anything,
  [`${FN.trash}#markMessagesSpam`]: byIds,
  [`${FN.trash}#markMessagesNotSpam`]: byIds,
  [`${FN.inbox}#exportMessagesCsv`]: {
    refuses: false,
    input: (w) => {
      const timeZone = fc.oneof(notAString(w), fc.constantFrom('Mars/Olympus', 'x'.repeat(65), '../../etc', 'UTC\u0000'))
      return brokenObject(
        { ...inboxView, timeZone: fc.constantFrom('UTC', 'Europe/Istanbul') },
        { status: hostileValue({ depth: 5 }), q: notAString(w), timeZone },
        w,
      )
    },
  },
}
