/**
 * The live feed stays quiet (docs/product.md#live-updates): an inbox left open in Chromium while a
 * retention pass anonymizes 30,000 due IP addresses reads its list at most once a second, and not
 * at all once the pass has ended. Anonymized addresses are shown in no list, so the database tells
 * no inbox of them. On PGlite the pass is the server's own at its start; on PostgreSQL 17 another
 * process runs it, as another instance's pass would.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type Browser, type Page, chromium } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { pgDatabase } from '~/backend/sql/pg.server'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { startAppServer } from '../integration/app-server'
import { INTEGRATION_OUTPUT_DIR } from '../integration/build'
import { findBuiltServerFns } from '../integration/server-functions'
import { signInInBrowser } from '../support/browser-sign-in'
import { type PlainDatabase, createPlainDatabase } from '../support/test-database'

const ADMIN = 'quiet-feed@example.com'
const DUE = 30_000
const DAY_MS = 24 * 60 * 60 * 1000
const IP_DAYS = 60
const RETENTION_ENDED = /\[retention\] (nothing was due|[a-z_]+ \d+ \()/

const listFn = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find(
  (fn) => fn.file.endsWith('inbox.functions.ts') && fn.name === 'listMessages',
)

/** 30,000 read messages of the last year and a half whose addresses are past IP_DAYS, and 50 new
 * recent ones. Through the seed's bulk load (decision 143): the indexes are built once after the
 * rows instead of row by row (52 s of PGlite's 30,000 inserts at load 10). Short texts keep the
 * search indexes' work small, in the load and in each anonymized row's new index entries. */
async function seedDueAddresses(db: SqlDatabase): Promise<void> {
  const now = Date.now()
  await bulkInsertMessages(db, DUE, (g) => {
    const at = new Date(now - (IP_DAYS + 2 + (g % 400)) * DAY_MS)
    return {
      name: 'Ziyaretçi',
      email: `v${g}@example.com`,
      message: 'Merhabalar.',
      status: 'read',
      createdAt: at,
      readAt: at,
      ipAddress: '203.0.113.9',
    }
  })
  await db.query(
    `insert into public.contact_messages (name, email, message, status, created_at, ip_address)
     select 'Yeni ' || g, 'new' || g || '@example.com', 'Merhaba, bir sorum var.', 'new', now() - make_interval(hours => g), '192.0.2.1'
     from generate_series(1, 50) g`,
  )
  // Statistics, as a server's table has them: the pass's statements are planned on them.
  await db.query('analyze public.contact_messages')
}

/** The times (ms since the epoch) at which the page asked for its list. */
function listCalls(page: Page): number[] {
  const calls: number[] = []
  page.on('request', (request) => {
    if (listFn && request.url().includes(listFn.id)) calls.push(Date.now())
  })
  return calls
}

function expectQuiet(calls: number[], passEnded: number): void {
  for (let i = 1; i < calls.length; i++)
    expect(calls[i]! - calls[i - 1]!, `list calls at ${calls.join(', ')}`).toBeGreaterThanOrEqual(950)
  // A read the pass's last change asked for may still come within the second after it.
  expect(calls.filter((at) => at > passEnded + 1000)).toEqual([])
}

let browser: Browser
beforeAll(async () => {
  expect(listFn, `listMessages is not in ${INTEGRATION_OUTPUT_DIR}`).toBeDefined()
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
})
afterAll(async () => {
  await browser?.close()
})

describe('an inbox open during a retention pass over 30,000 due addresses', () => {
  it('PGlite: the server’s pass at its start; at most one list read a second, none after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pusula-quiet-'))
    const port = await freePort()
    const env = { SEED_ADMIN_EMAILS: ADMIN, IP_RETENTION_DAYS: String(IP_DAYS) }
    // The same address after the restart, where the open page's live feed reconnects.
    let server = await startAppServer({ dataDir, env, port })
    const page = await browser.newPage()
    try {
      await signInInBrowser(page, server, ADMIN)
      // The folder is the server's alone: the backlog goes in while it is stopped, and the page stays open.
      await server.stop()
      const instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, sampleData: false })
      await seedDueAddresses(instance.db)
      await instance.backend.close()
      const calls = listCalls(page)
      server = await startAppServer({ dataDir, env, port })
      // The batches' end, not the pass's log line: that one waits a minute or more for a quiet app to renew the statistics.
      await vi.waitFor(() => expect(server.log()).toMatch(/\[retention\] batches done: .*ip_addresses 30000 \(/), {
        timeout: 540_000,
        interval: 100,
      })
      const passEnded = Date.now()
      await page.waitForTimeout(3000)
      // The page reconnected to the restarted server and read its list once then.
      expect(calls.length).toBeGreaterThanOrEqual(1)
      expectQuiet(calls, passEnded)
    } finally {
      await page.close()
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 600_000)

  it('PostgreSQL 17: another process’s pass; no list read at all', async () => {
    const database: PlainDatabase = await createPlainDatabase({ appRole: true })
    const server = await startAppServer({ env: { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: ADMIN } })
    const page = await browser.newPage()
    try {
      await vi.waitFor(() => expect(server.log()).toMatch(RETENTION_ENDED), { timeout: 60_000, interval: 100 })
      const db = pgDatabase({ url: database.url, maxConnections: 1, applicationName: 'quiet-feed-seed' })
      await seedDueAddresses(db)
      await db.close()
      const connected = page.waitForResponse((response) => response.url().endsWith('/api/inbox-events'))
      const seen = listCalls(page)
      await signInInBrowser(page, server, ADMIN)
      await connected
      // The page's own first reads (its load, the feed's look at stale lists) are not the pass's
      // doing: counted from when the page has read nothing for 1.5 s.
      const settled = Date.now()
      await vi.waitFor(
        () => {
          const last = Math.max(settled, seen.at(-1) ?? 0)
          expect(Date.now() - last).toBeGreaterThanOrEqual(1500)
        },
        { timeout: 30_000, interval: 100 },
      )
      const calls = listCalls(page)
      const policy = new Date(Date.now() + (90 - IP_DAYS) * DAY_MS).toISOString()
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/run-ts.mjs', 'tests/support/retention-pass.child.ts', database.appUrl!, policy, '60'],
        { timeout: 540_000 },
      ).catch((error: Error & { stderr?: string }) => {
        throw new Error(`the retention pass failed: ${error.stderr ?? error.message}`)
      })
      const passEnded = Date.now()
      const anonymized = [...stdout.matchAll(/^batch ip_addresses (\d+)$/gm)].reduce((sum, [, n]) => sum + Number(n), 0)
      expect(anonymized).toBe(DUE)
      await page.waitForTimeout(3000)
      expect(calls).toEqual([])
      expectQuiet(calls, passEnded)
    } finally {
      await page.close()
      await server.stop()
      await database.drop()
    }
  }, 600_000)
})
