/**
 * The team page's server functions and the live inbox's event stream over real HTTP, against the
 * production build: the refusals a page cannot be trusted to avoid (removing oneself, an address
 * not on the list) come back as codes, and /api/inbox-events, a plain route rather than a server
 * function, checks the session itself and tells of a new message without its content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream } from '../postgres/event-stream'
import {
  type AppServer,
  type CallOptions,
  callServerFn,
  cookiesFrom,
  latestCode,
  serializedContent,
  startAppServer,
} from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

const ADMIN = 'admin@example.com'
const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [`${fn.file.split('/').at(-1)}#${fn.name}`, fn.id]))

let server: AppServer
let adminCookie = ''

function call(fn: string, options: CallOptions): Promise<Response> {
  const id = fnIds.get(fn)
  if (!id) throw new Error(`${fn} is not in the production build (${INTEGRATION_OUTPUT_DIR})`)
  return callServerFn(server, id, options)
}

async function signIn(email: string, ip: string): Promise<Response> {
  const sent = await call('auth.functions.ts#sendLoginCode', { method: 'POST', data: { email }, ip })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const code = latestCode(server.dataDir, email)
  return call('auth.functions.ts#verifyLoginCode', { method: 'POST', data: { email, code }, ip, cookie: cookiesFrom(sent) })
}

beforeAll(async () => {
  server = await startAppServer()
  const verified = await signIn(ADMIN, '192.0.2.61')
  expect(verified.status, await verified.clone().text()).toBe(200)
  adminCookie = cookiesFrom(verified)
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe('team server functions over HTTP', () => {
  const colleague = `colleague-${Date.now().toString(36)}@example.com`
  const admin = (fn: string, data?: unknown) =>
    call(`team.functions.ts#${fn}`, { method: fn === 'getTeam' ? 'GET' : 'POST', data, cookie: adminCookie })

  it('adds a colleague, who can then sign in, and records who added them', async () => {
    const added = await admin('addAdmin', { email: ` ${colleague.toUpperCase()} ` })
    expect(added.status, await added.clone().text()).toBe(200)
    expect(serializedContent(await added.text()).strings).toContain(colleague)
    const team = await (await admin('getTeam')).text()
    expect(team).toContain(colleague)
    expect(serializedContent(team).strings).toEqual(expect.arrayContaining(['added', colleague, ADMIN]))
    const signedIn = await signIn(colleague, '192.0.2.62')
    expect(signedIn.status, await signedIn.clone().text()).toBe(200)
  })

  it('refuses to remove the caller, or an address not on the list, with a code', async () => {
    const self = await admin('removeAdmin', { email: ADMIN })
    expect(self.status).toBe(409)
    expect(serializedContent(await self.text()).strings).toContain('team_self')
    const nobody = await admin('removeAdmin', { email: 'nobody@example.com' })
    expect(nobody.status).toBe(404)
    expect(serializedContent(await nobody.text()).strings).toContain('not_found')
    const invalid = await admin('addAdmin', { email: 'not-an-address' })
    expect(invalid.status).toBe(400)
  })

  it('removes the colleague, whose session then reaches nothing', async () => {
    const removed = await admin('removeAdmin', { email: colleague })
    expect(removed.status, await removed.clone().text()).toBe(200)
    const again = await admin('removeAdmin', { email: colleague })
    expect(again.status).toBe(404)
    const team = await (await admin('getTeam')).text()
    expect(serializedContent(team).strings).toEqual(expect.arrayContaining(['removed', colleague]))
  })
})

describe('GET /api/inbox-events over HTTP', () => {
  const url = () => `${server.baseUrl}/api/inbox-events`
  const get = (headers: Record<string, string>) => fetch(url(), { headers: { 'sec-fetch-site': 'same-origin', ...headers } })

  it('answers 401 without a session and 403 to another site, with no stream', async () => {
    const anonymous = await get({})
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ code: 'unauthenticated' })
    const forged = await get({ cookie: 'session=forged' })
    expect(forged.status).toBe(401)
    const crossSite = await get({ cookie: adminCookie, 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    for (const response of [anonymous, forged, crossSite]) {
      expect(response.headers.get('content-type')).not.toContain('text/event-stream')
    }
  })

  it('answers 401 once its admin is taken off the list: the session is gone, and stays gone when added back', async () => {
    const leaver = `leaver-${Date.now().toString(36)}@example.com`
    const added = await call('team.functions.ts#addAdmin', { method: 'POST', data: { email: leaver }, cookie: adminCookie })
    expect(added.status).toBe(200)
    const cookie = cookiesFrom(await signIn(leaver, '192.0.2.64'))
    expect(cookie).toMatch(/session=/)
    const stream = await openEventStream(url(), { cookie })
    try {
      await stream.next((event) => event.event === 'ready', 5_000)
      const removed = await call('team.functions.ts#removeAdmin', {
        method: 'POST',
        data: { email: leaver },
        cookie: adminCookie,
      })
      expect(removed.status).toBe(200)
      // The open stream is told at once, and ends.
      await stream.next((event) => event.event === 'signed_out', 5_000)
    } finally {
      stream.close()
    }
    const refused = await get({ cookie })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ code: 'unauthenticated' })
    const back = await call('team.functions.ts#addAdmin', { method: 'POST', data: { email: leaver }, cookie: adminCookie })
    expect(back.status).toBe(200)
    expect((await get({ cookie })).status).toBe(401)
  })

  it('tells an admin of a new message by kind and count, never its content', async () => {
    const stream = await openEventStream(url(), { cookie: adminCookie })
    try {
      await stream.next((event) => event.event === 'ready', 5_000)
      // A real inquiry (the spam filter would hold a line of noise), with a marker the event must not carry.
      const secret = `ERP seçimi için bir görüşme rica ediyoruz. Gizli içerik ${Date.now()}`
      const sent = await call('contact.functions.ts#submitContactMessage', {
        method: 'POST',
        data: { name: 'Deniz Canlı', email: 'deniz.canli@example.com', message: secret, website: '' },
        ip: '192.0.2.63',
      })
      expect(sent.status, await sent.clone().text()).toBe(200)
      const change = await stream.next((event) => event.event === 'inbox', 2_000)
      expect(JSON.parse(change.data)).toEqual({ op: 'insert', count: 1 })
      expect(change.data).not.toMatch(/Deniz|deniz|Gizli/)
    } finally {
      stream.close()
    }
  })
})
