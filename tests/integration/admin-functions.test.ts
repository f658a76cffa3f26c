/**
 * Every admin server function, called over real HTTP against the production build:
 * (a) without a session → 401, (b) with a non-admin's session → 403, (c) from another site,
 * even with an admin's session → refused by CSRF (403); never any data or stack in the body.
 * The functions are found in the sources and in the build, so one added later is tested too.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import { type AppServer, callServerFn, cookiesFrom, latestCode, serializedContent, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { type BuiltServerFn, type SourceServerFn, findBuiltServerFns, findSourceServerFns } from './server-functions'

/**
 * Server functions anyone may call, and why. Every other server function must list
 * `requireAdmin` itself; a new public one is added here on purpose, in review.
 */
const PUBLIC: Record<string, string> = {
  'src/features/auth/auth.functions.ts#sendLoginCode': 'how a session starts; rate-limited per IP',
  'src/features/auth/auth.functions.ts#verifyLoginCode': 'how a session starts; rate-limited per e-mail and IP',
  'src/features/auth/auth.functions.ts#signOut': "ends the caller's own session, if any",
  'src/features/auth/auth.functions.ts#getCodeDelivery':
    "whether a sign-in code's e-mail has left, by the random id only its requester was given; nothing else",
  'src/features/auth/session.functions.ts#getAdminSession': "the caller's own address when they are an admin, else null",
  'src/features/landing/landing.functions.ts#getLandingPageData':
    "the public landing page's banner and published content; the draft (preview) only for a signed-in admin",
  'src/features/contact/contact.functions.ts#submitContactMessage': 'the public contact form; validated and rate-limited',
  'src/features/contact/contact.functions.ts#submitContactForm': 'the same form posted without JavaScript',
  'src/features/auth/passkey.functions.ts#beginPasskeySignIn':
    'how a passkey sign-in starts; a stored challenge, rate-limited per IP',
  'src/features/auth/passkey.functions.ts#finishPasskeySignIn':
    "how a session starts with a passkey alone; the answer's signature is checked",
  'src/features/legal/legal.functions.ts#getLegalPage':
    "a legal page's facts from the configuration (retention periods, providers abroad, cookies)",
}

const ADMIN = 'admin@example.com'
const STAFF = 'staff@example.com'
/** A user who is not on the admin list, with a session made outside the app. */
const OUTSIDER = 'outsider@example.com'
const PLAIN_ADMIN = 'plain-admin@example.com'
const ERROR_KEYS = new Set(['error', 'status', 'code', 'message', 'fields', 'retryAfterSeconds'])
const LEAKS = /\bat\s+\S+\s+\(|node_modules|\.m?js:\d+|\.tsx?:\d+|"stack"|\bstack\b/i

const key = (fn: { file: string; name: string }) => `${fn.file}#${fn.name}`
const { fns: sourceFns, unrecognised } = findSourceServerFns(process.cwd())
// requireOwner refuses everything requireAdmin does, and admins who are not owners too.
// requireStaffMember (the passkey step's functions) refuses as requireAdmin does, whatever step is owed.
const guarded = (fn: SourceServerFn) =>
  fn.middleware.includes('requireAdmin') || fn.middleware.includes('requireOwner') || fn.middleware.includes('requireStaffMember')
const adminFns = sourceFns.filter(guarded)
const ownerFns = sourceFns.filter((fn) => fn.middleware.includes('requireOwner'))

describe('server functions in the sources', () => {
  it('are all readable by this test', () => {
    expect(unrecognised).toEqual([])
    expect(sourceFns.length).toBeGreaterThan(0)
  })

  it('are either public on purpose or list requireAdmin themselves', () => {
    const unguarded = sourceFns.filter((fn) => !guarded(fn) && !(key(fn) in PUBLIC))
    expect(unguarded.map(key), 'add requireAdmin to these, or list them in PUBLIC with a reason').toEqual([])
  })
})

describe('admin server functions over HTTP', () => {
  let server: AppServer
  let built: Map<string, BuiltServerFn>
  let staffCookie = ''
  let adminCookie = ''
  /** An admin ('Yönetici') who is not an owner: the seeded admin@example.com is the first, so the owner. */
  let plainAdminCookie = ''
  const dataDir = mkdtempSync(join(tmpdir(), 'pusula-admin-fns-'))

  function idOf(fn: SourceServerFn): string {
    const entry = built.get(key(fn))
    if (!entry) throw new Error(`${key(fn)} is not in the production build (${INTEGRATION_OUTPUT_DIR}): it cannot be called`)
    return entry.id
  }

  beforeAll(async () => {
    built = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [key(fn), fn]))
    // A non-admin cannot keep a session through the app (verifyLoginCode signs them out at
    // once), but one can exist: an admin removed from the list, or a Supabase session made
    // outside the app. So that session is made with the backend itself, before the
    // server opens the same data folder.
    const { backend, db } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
    try {
      await addUser(db, OUTSIDER, { admin: false })
      await addUser(db, PLAIN_ADMIN, { admin: true })
      expect((await backend.auth.sendCode(PLAIN_ADMIN)).ok).toBe(true)
      const plainJar = new Map<string, string>()
      const plainCtx = { cookies: { getAll: () => [], set: (name: string, value: string) => void plainJar.set(name, value) } }
      expect((await backend.auth.verifyCode(plainCtx, PLAIN_ADMIN, latestCode(dataDir, PLAIN_ADMIN))).ok).toBe(true)
      plainAdminCookie = [...plainJar].map(([name, value]) => `${name}=${value}`).join('; ')
      expect((await backend.auth.sendCode(OUTSIDER)).ok).toBe(true)
      const jar = new Map<string, string>()
      const ctx = { cookies: { getAll: () => [], set: (name: string, value: string) => void jar.set(name, value) } }
      const verified = await backend.auth.verifyCode(ctx, OUTSIDER, latestCode(dataDir, OUTSIDER))
      expect(verified.ok).toBe(true)
      staffCookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    } finally {
      await backend.close()
    }

    server = await startAppServer({ dataDir })
    // The admin signs in the way the login page does: both sign-in functions over HTTP.
    const send = built.get('src/features/auth/auth.functions.ts#sendLoginCode')
    const verify = built.get('src/features/auth/auth.functions.ts#verifyLoginCode')
    if (!send || !verify) throw new Error('The sign-in server functions are missing from the build')
    const sent = await callServerFn(server, send.id, { method: 'POST', data: { email: ADMIN } })
    expect(sent.status, await sent.clone().text()).toBe(200)
    const code = latestCode(dataDir, ADMIN)
    const signedIn = await callServerFn(server, verify.id, {
      method: 'POST',
      data: { email: ADMIN, code },
      cookie: cookiesFrom(sent),
    })
    expect(signedIn.status, await signedIn.clone().text()).toBe(200)
    adminCookie = cookiesFrom(signedIn)
    expect(adminCookie).toMatch(/session=/)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('finds the admin functions in the build', () => {
    if (adminFns.length === 0) console.warn('No server function lists requireAdmin yet: nothing to call.')
    console.info(`${adminFns.length} admin server functions: ${adminFns.map((fn) => fn.name).join(', ')}`)
    for (const fn of adminFns) expect(() => idOf(fn)).not.toThrow()
  })

  async function expectRefusal(response: Response, status: number, code: string, fieldNames: string[] = []) {
    const body = await response.text()
    expect(response.status, body).toBe(status)
    expect(body).not.toMatch(LEAKS)
    const { keys, strings } = serializedContent(body)
    const allowed = new Set([...ERROR_KEYS, ...fieldNames])
    expect(
      [...keys].filter((k) => !allowed.has(k)),
      'fields beyond the error',
    ).toEqual([])
    expect(strings).toContain(code)
  }

  it('answer 401 without a session', async () => {
    for (const fn of adminFns) {
      await expectRefusal(await callServerFn(server, idOf(fn), { method: fn.method }), 401, 'unauthenticated')
    }
  })

  it("answer 403 to a non-admin's session", async () => {
    for (const fn of adminFns) {
      await expectRefusal(await callServerFn(server, idOf(fn), { method: fn.method, cookie: staffCookie }), 403, 'forbidden')
    }
  })

  it('owner-only functions answer 403 to an admin who is not an owner, and never run', async () => {
    expect(ownerFns.map((fn) => fn.name).sort()).toEqual(
      expect.arrayContaining([
        'addAdmin',
        'removeAdmin',
        'setAdminRole',
        'erasePersonalData',
        'findPersonalData',
        'listActivity',
      ]),
    )
    for (const fn of ownerFns) {
      await expectRefusal(
        await callServerFn(server, idOf(fn), { method: fn.method, cookie: plainAdminCookie }),
        403,
        'auth_owner_only',
      )
    }
    // The same session reaches what every admin may do.
    const team = adminFns.find((fn) => fn.name === 'getTeam')!
    expect((await callServerFn(server, idOf(team), { method: 'GET', cookie: plainAdminCookie })).status).toBe(200)
  })

  it("refuse cross-site calls, even with an admin's session", async () => {
    const crossSite = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.127.0.0.1.example' },
      // An older browser without Fetch Metadata: the Origin header decides.
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    ]
    for (const fn of adminFns) {
      for (const headers of crossSite) {
        const response = await callServerFn(server, idOf(fn), { method: fn.method, cookie: adminCookie, headers })
        const body = await response.text()
        expect(response.status, `${key(fn)} ${JSON.stringify(headers)}: ${body}`).toBe(403)
        expect(body).toBe('Forbidden')
      }
    }
  })

  it("are callable with an admin's session (so the refusals above are about access)", async () => {
    for (const fn of adminFns) {
      const response = await callServerFn(server, idOf(fn), { method: fn.method, cookie: adminCookie })
      const body = await response.text()
      // Without input most answer 400; none may refuse the admin or be missing.
      expect([401, 403, 404, 405, 500], `${key(fn)}: ${response.status} ${body}`).not.toContain(response.status)
      expect(body).not.toMatch(LEAKS)
    }
  })

  it('sign a verified non-admin out again at once, over HTTP too', async () => {
    const send = built.get('src/features/auth/auth.functions.ts#sendLoginCode')!
    const verify = built.get('src/features/auth/auth.functions.ts#verifyLoginCode')!
    const session = built.get('src/features/auth/session.functions.ts#getAdminSession')!
    const ip = '192.0.2.77'
    const sent = await callServerFn(server, send.id, { method: 'POST', data: { email: STAFF }, ip })
    expect(sent.status, await sent.text()).toBe(200)
    const code = latestCode(server.dataDir, STAFF)
    const verified = await callServerFn(server, verify.id, {
      method: 'POST',
      data: { email: STAFF, code },
      ip,
      cookie: cookiesFrom(sent),
    })
    await expectRefusal(verified, 403, 'auth_not_admin')
    expect(verified.headers.getSetCookie().join('\n')).toMatch(/session=;.*Max-Age=0/i)
    const after = await callServerFn(server, session.id, { method: 'GET', cookie: cookiesFrom(verified), ip })
    expect(serializedContent(await after.text()).keys).not.toContain('email')
  })

  it('answer invalid input with 400 and field messages, not a server error', async () => {
    const verify = built.get('src/features/auth/auth.functions.ts#verifyLoginCode')!
    const response = await callServerFn(server, verify.id, {
      method: 'POST',
      data: { email: 'not-an-address', code: '12ab' },
      ip: '192.0.2.88',
    })
    await expectRefusal(response, 400, 'bad_request', ['email', 'code'])
    expect(server.log()).not.toMatch(/server function failed/)
  })
})
