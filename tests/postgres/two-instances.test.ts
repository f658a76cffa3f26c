/**
 * Scale-out (docs/decisions/075-one-sql-core.md): two production servers in the postgres mode on one PostgreSQL
 * database, each with a data folder of its own (so nothing can pass through the disk), behave
 * as one site: a session made through one is valid on the other, a per-address limit counts
 * requests sent to both, a banner saved through one reaches a page open on the other and its
 * page cache, a message stored through one reaches an inbox open on the other, and an upload
 * through one is served by the other.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultSiteContent } from '~/features/content/default-content'
import { LIMITS } from '~/lib/limits'
import {
  type AppServer,
  type CallOptions,
  callServerFn,
  cookiesFrom,
  latestCode,
  startAppServers,
  stopAppServers,
} from '../integration/app-server'
import { INTEGRATION_OUTPUT_DIR } from '../integration/build'
import { findBuiltServerFns } from '../integration/server-functions'
import { type PlainDatabase, createPlainDatabase } from '../support/test-database'
import { openEventStream } from './event-stream'

const ADMIN = 'scale-admin@example.com'
/** A second admin, whose session is ended through the other server. */
const LEAVER = 'scale-leaver@example.com'
const WEBP = readFileSync('tests/fixtures/images/banner.webp')

const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [`${fn.file.split('/').at(-1)}#${fn.name}`, fn.id]))

function call(server: AppServer, fn: string, options: CallOptions): Promise<Response> {
  const id = fnIds.get(fn)
  if (!id) throw new Error(`${fn} is not in the production build (${INTEGRATION_OUTPUT_DIR})`)
  return callServerFn(server, id, options)
}

let database: PlainDatabase
let servers: AppServer[] = []
let a: AppServer
let b: AppServer
const dataDirs = [mkdtempSync(join(tmpdir(), 'pusula-scale-a-')), mkdtempSync(join(tmpdir(), 'pusula-scale-b-'))] as const

/** Signs `email` in through `server` as the login page does; returns the session cookie. */
async function signIn(server: AppServer, email: string): Promise<string> {
  const sent = await call(server, 'auth.functions.ts#sendLoginCode', { method: 'POST', data: { email } })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const code = latestCode(server.dataDir, email)
  const verified = await call(server, 'auth.functions.ts#verifyLoginCode', {
    method: 'POST',
    data: { email, code },
    cookie: cookiesFrom(sent),
  })
  expect(verified.status, await verified.clone().text()).toBe(200)
  const cookie = cookiesFrom(verified)
  expect(cookie).toMatch(/session=/)
  return cookie
}

beforeAll(async () => {
  database = await createPlainDatabase()
  const env = { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: `${ADMIN},${LEAVER}` }
  // Started together, as in a rolling deployment: the migrations run once, under their lock.
  servers = await startAppServers(dataDirs, env)
  ;[a, b] = servers as [AppServer, AppServer]
}, 120_000)

afterAll(async () => {
  await stopAppServers(servers, dataDirs)
  await database?.drop()
})

/** Sets the Turkish banner in SQL with the NOTIFY trigger off, so no server hears of it. */
async function changeBannerSilently(imageUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    await client.query('begin')
    await client.query('alter table public.hero_settings disable trigger hero_settings_notify_banner_change')
    await client.query(`update public.hero_settings set image_url = $1 where key = 'tr-banner'`, [imageUrl])
    await client.query('alter table public.hero_settings enable trigger hero_settings_notify_banner_change')
    await client.query('commit')
  } finally {
    await client.end()
  }
}

describe('two app servers on one PostgreSQL database', () => {
  let adminCookie = ''

  it('accept on one server a session made through the other, and forget it on both when it ends', async () => {
    adminCookie = await signIn(a, ADMIN)
    const listBanners = (server: AppServer, cookie?: string) =>
      call(server, 'banners.functions.ts#listBanners', { method: 'GET', cookie })
    expect((await listBanners(b)).status).toBe(401)
    const listed = await listBanners(b, adminCookie)
    expect(listed.status, await listed.clone().text()).toBe(200)
    expect(await listed.text()).toContain('tr-banner')

    const inbox = (cookie?: string) =>
      fetch(`${b.baseUrl}/admin/messages`, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
    const refused = await inbox()
    expect(refused.status).toBe(307)
    expect(refused.headers.get('location')).toContain('/admin/login')
    expect((await inbox(adminCookie)).status).toBe(200)

    const leaverCookie = await signIn(b, LEAVER)
    expect((await listBanners(a, leaverCookie)).status).toBe(200)
    expect((await call(a, 'auth.functions.ts#signOut', { method: 'POST', cookie: leaverCookie })).status).toBe(200)
    expect((await listBanners(b, leaverCookie)).status).toBe(401)
  })

  it("count one address's contact messages across both servers", async () => {
    const { max } = LIMITS.rate.contactPerIp
    const statuses: number[] = []
    for (let n = 0; n < 2 * max; n++) {
      const data = { name: 'Deniz Kaya', email: `deniz${n}@example.com`, message: `Scale-out message number ${n}.` }
      const response = await call(n % 2 === 0 ? a : b, 'contact.functions.ts#submitContactMessage', {
        method: 'POST',
        data,
        ip: '198.51.100.23',
      })
      statuses.push(response.status)
    }
    // Counted per server, each would take `max` of its own and refuse nothing.
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(max).fill(429)])
    expect(statuses.filter((status) => status === 200)).toHaveLength(max)
  })

  it("bring a banner saved through one to the other's open page within 2 s, and to its cached page", async () => {
    const imageUrl = `https://images.example.com/scale-out-${Date.now()}.jpg`
    const page = async () => (await fetch(`${b.baseUrl}/`)).text()
    const before = await page()
    expect(before).toContain('<img')
    expect(before).not.toContain(imageUrl)
    // B serves / from its cache: a change the database does not announce is not seen there.
    const unannounced = 'https://images.example.com/unannounced.jpg'
    await changeBannerSilently(unannounced)
    expect(await page()).not.toContain(unannounced)

    const stream = await openEventStream(`${b.baseUrl}/api/banner-events?key=tr-banner`)
    try {
      await stream.next((e) => e.event === 'snapshot', 5_000)
      const savedAt = Date.now()
      const saved = await call(a, 'banners.functions.ts#saveBanners', {
        method: 'POST',
        cookie: adminCookie,
        data: { 'tr-banner': { imageUrl }, 'en-banner': { imageUrl: '' } },
      })
      expect(saved.status, await saved.clone().text()).toBe(200)
      const change = await stream.next((e) => e.event === 'banner', 2_000)
      expect(JSON.parse(change.data)).toMatchObject({ key: 'tr-banner', imageUrl })
      expect(change.receivedAt - savedAt).toBeLessThan(2_000)
    } finally {
      stream.close()
    }
    // B's cached page went with the change it was told of.
    expect(await page()).toContain(imageUrl)
  })

  it('show site content published through one on the other within 2 s, cached pages and sitemap included', async () => {
    const page = async (path: string) => (await fetch(`${b.baseUrl}${path}`)).text()
    expect(await page('/')).toContain('Hakkımızda')
    const editor = await call(a, 'content.functions.ts#getContentEditor', { method: 'GET', cookie: adminCookie })
    expect(editor.status, await editor.clone().text()).toBe(200)
    const title = `Ölçeklenen Ekip ${Date.now()}`
    const content = defaultSiteContent()
    content.about.title.tr = title
    content.contact.legalName = 'Pusula Dijital Danışmanlık A.Ş.'
    const publishedAt = Date.now()
    const published = await call(a, 'content.functions.ts#publishContent', {
      method: 'POST',
      cookie: adminCookie,
      // A fresh database: nobody has saved a draft, so the revision is still 0.
      data: { content, baseRevision: 0 },
    })
    expect(published.status, await published.clone().text()).toBe(200)
    let seenAt = 0
    for (;;) {
      if ((await page('/')).includes(title)) {
        seenAt = Date.now()
        break
      }
      if (Date.now() - publishedAt > 2_000) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(seenAt, 'the published title on the other server').toBeGreaterThan(0)
    expect(seenAt - publishedAt).toBeLessThan(2_000)
    // The legal notice names the controller as published; English keeps its own title.
    expect(await page('/kvkk')).toContain('Pusula Dijital Danışmanlık A.Ş.')
    expect(await page('/en')).toContain('About Us')
    expect(await page('/sitemap.xml')).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/)
  })

  it("bring a message stored through one to the other's open inbox within 2 s, without its content", async () => {
    const stream = await openEventStream(`${b.baseUrl}/api/inbox-events`, {
      cookie: adminCookie,
      'sec-fetch-site': 'same-origin',
    })
    try {
      await stream.next((e) => e.event === 'ready', 5_000)
      const message = `Live inbox across instances ${Date.now()}.`
      const sentAt = Date.now()
      const sent = await call(a, 'contact.functions.ts#submitContactMessage', {
        method: 'POST',
        data: { name: 'Ece Anlık', email: 'ece.anlik@example.com', message, website: '' },
        ip: '198.51.100.77',
      })
      expect(sent.status, await sent.clone().text()).toBe(200)
      const change = await stream.next((e) => e.event === 'inbox', 2_000)
      expect(JSON.parse(change.data)).toEqual({ op: 'insert', count: 1 })
      expect(change.data).not.toMatch(/Ece|ece\.anlik|Live inbox/)
      expect(change.receivedAt - sentAt).toBeLessThan(2_000)
      // The inbox on B then reads it, with the unread count it adds to.
      const listed = await call(b, 'inbox.functions.ts#listMessages', {
        method: 'GET',
        cookie: adminCookie,
        data: { status: 'new', q: '', page: 1 },
      })
      expect(listed.status, await listed.clone().text()).toBe(200)
      expect(await listed.text()).toContain(message)
    } finally {
      stream.close()
    }
  })

  it('serve from one server an image uploaded through the other', async () => {
    const form = new FormData()
    form.append('key', 'en-banner')
    form.append('file', new Blob([WEBP], { type: 'image/webp' }), 'banner.webp')
    const uploaded = await fetch(`${a.baseUrl}/api/banner-upload`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: a.baseUrl, 'sec-fetch-site': 'same-origin' },
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    expect(url).toMatch(/^\/uploads\/hero-en-banner-\d+\.webp$/)

    const served = await fetch(`${b.baseUrl}${url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    // Stored without its metadata (re-encoded), so the same bytes from either server, not the upload's.
    const fromA = Buffer.from(await (await fetch(`${a.baseUrl}${url}`)).arrayBuffer())
    const fromB = Buffer.from(await served.arrayBuffer())
    expect(fromB.length).toBeGreaterThan(0)
    expect(fromB.equals(fromA)).toBe(true)
    expect(fromB.subarray(0, 4).toString('latin1')).toBe('RIFF')
  })
})
