/**
 * Visit statistics on two production servers in the postgres mode (decision 250), driven by
 * Chromium: readers from two referrers and a campaign (one of them moving from one server to the
 * other), a crawler and a signed-in staff member. Both servers' statistics pages show the same
 * right counts (one salt per day in the database: the instances agree on who is the same
 * visitor); no table holds an address or a user agent; no page view sets a cookie.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'
import { type AppServer, callServerFn, cookiesFrom, latestCode, startAppServers, stopAppServers } from '../integration/app-server'
import { INTEGRATION_OUTPUT_DIR } from '../integration/build'
import { findBuiltServerFns } from '../integration/server-functions'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

const ADMIN = 'stats-admin@example.com'
// One public origin for both, as behind a load balancer: the visitor hash names the site by it.
const SITE_URL = 'http://www.pusula.test'
const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const OTHER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
const READER_IP = '192.0.2.71'

const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [`${fn.file.split('/').at(-1)}#${fn.name}`, fn.id]))
const fn = (name: string) => {
  const id = fnIds.get(name)
  if (!id) throw new Error(`${name} is not in the production build`)
  return id
}

let database: PlainDatabase
let servers: AppServer[] = []
let a: AppServer
let b: AppServer
let browser: Browser
const dataDirs = [mkdtempSync(join(tmpdir(), 'pusula-visits-a-')), mkdtempSync(join(tmpdir(), 'pusula-visits-b-'))] as const
const setCookies: string[] = []

beforeAll(async () => {
  database = await createPlainDatabase()
  const env = { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: ADMIN, SITE_URL, COOKIE_SECURE: 'false' }
  servers = await startAppServers(dataDirs, env)
  ;[a, b] = servers as [AppServer, AppServer]
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await stopAppServers(servers, dataDirs)
  await database?.drop()
})

async function context(userAgent: string, ip: string, width: number): Promise<BrowserContext> {
  const created = await browser.newContext({
    userAgent,
    viewport: { width, height: 800 },
    screen: { width, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  })
  // Only the beacon's answers matter; asking a page's answer after its context closed would reject unhandled.
  created.on('response', (response) => {
    if (!response.url().includes('/api/visit')) return
    response.headerValue('set-cookie').then(
      (cookie) => cookie && setCookies.push(cookie),
      () => {},
    )
  })
  return created
}

/** Opens `url` and waits for its page view's beacon to be answered. */
async function view(page: Page, url: string, referer?: string): Promise<number> {
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith('/api/visit') && (r.request().postData() ?? '').includes('"t":"v"'),
    {
      timeout: 30_000,
    },
  )
  await page.goto(url, referer ? { referer } : undefined)
  return (await beacon).status()
}

async function signIn(server: AppServer): Promise<string> {
  const sent = await callServerFn(server, fn('auth.functions.ts#sendLoginCode'), { method: 'POST', data: { email: ADMIN } })
  expect(sent.status).toBe(200)
  const code = latestCode(server.dataDir, ADMIN)
  // The code is bound to the browser that asked for it (its code-browser cookie).
  const verified = await callServerFn(server, fn('auth.functions.ts#verifyLoginCode'), {
    method: 'POST',
    data: { email: ADMIN, code },
    cookie: cookiesFrom(sent),
  })
  expect(verified.status).toBe(200)
  return cookiesFrom(verified)
}

/** A figure of the statistics page, by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()

it('counts the same readers on both servers, and no crawler, no staff, no address, no cookie', async () => {
  // A reader from a news site with a campaign: the landing page on one server, a second page on the other.
  const reader = await context(READER_UA, READER_IP, 390)
  const readerPage = await reader.newPage()
  expect(
    await view(
      readerPage,
      `${a.baseUrl}/?utm_source=bulten&utm_medium=email&utm_campaign=kis-2026`,
      'https://news.example.com/a/1',
    ),
  ).toBe(204)
  expect(await view(readerPage, `${b.baseUrl}/kvkk`)).toBe(204)
  expect((await reader.cookies()).map((c) => c.name).filter((name) => name !== 'PARAGLIDE_LOCALE')).toEqual([])
  await reader.close()

  // Another reader, from a blog, in English, on a desktop.
  const other = await context(OTHER_UA, '198.51.100.9', 1440)
  expect(await view(await other.newPage(), `${b.baseUrl}/en`, 'https://blog.example.org/')).toBe(204)
  await other.close()

  // A crawler, and a signed-in staff member, from the news site: neither counts.
  const crawler = await context(CRAWLER_UA, '203.0.113.50', 1440)
  expect(await view(await crawler.newPage(), `${a.baseUrl}/`, 'https://news.example.com/')).toBe(204)
  await crawler.close()
  const staff = await context(READER_UA, '203.0.113.60', 1440)
  const session = await signIn(a)
  await staff.addCookies(
    session.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/' }
    }),
  )
  const staffPage = await staff.newPage()
  expect(await view(staffPage, `${b.baseUrl}/?utm_campaign=kis-2026`, 'https://news.example.com/')).toBe(204)

  for (const server of [a, b]) {
    await staffPage.goto(`${server.baseUrl}/admin/stats?range=7d`)
    await expect.poll(() => figure(staffPage, 'Ziyaretçi').textContent()).toBe('2')
    expect(await figure(staffPage, 'Sayfa Görüntüleme').textContent()).toBe('3')
    const referrers = staffPage.getByRole('region', { name: 'Yönlendiren Siteler' })
    expect(await referrers.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Ziyaretçi/),
      expect.stringMatching(/^news\.example\.com\s+1\s+2$/),
      expect.stringMatching(/^blog\.example\.org\s+1\s+1$/),
    ])
    const campaigns = staffPage.getByRole('region', { name: 'Kampanyalar (UTM)' })
    expect((await campaigns.getByRole('row').allInnerTexts())[1]).toMatch(/^kis-2026\s+1\s+2$/)
    const devices = staffPage.getByRole('region', { name: 'Cihazlar' })
    expect(await devices.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Ziyaretçi/),
      expect.stringMatching(/^Telefon\s+1\s+2$/),
      expect.stringMatching(/^Masaüstü\s+1\s+1$/),
    ])
  }
  await staff.close()
  expect(setCookies).toEqual([])

  // No text, JSON or binary column of any table holds the readers' address or user agent.
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows: columns } = await client.query<{ schema: string; table: string; column: string }>(
      `select c.table_schema as schema, c.table_name as table, c.column_name as column
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema not in ('pg_catalog', 'information_schema')
         and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY', 'USER-DEFINED', 'inet')`,
    )
    expect(columns.length).toBeGreaterThan(20)
    const found: string[] = []
    for (const { schema, table, column } of columns) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${table}"
         where strpos("${column}"::text, $1) > 0 or strpos("${column}"::text, $2) > 0 or strpos("${column}"::text, $3) > 0`,
        [READER_IP, 'KHTML, like Gecko', 'Intel Mac OS X'],
      )
      if (rows[0]!.n > 0) found.push(`${schema}.${table}.${column}`)
    }
    expect(found).toEqual([])
    expect((await client.query('select 1 from public.page_views')).rowCount).toBe(3)
  } finally {
    await client.end()
  }
}, 180_000)
