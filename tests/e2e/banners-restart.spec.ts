import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, E2E_DATA_DIR, openPage } from './helpers'

/**
 * The live banner channel survives a server restart: a public page left open while the server
 * goes down and comes back receives the next change without a reload. This test runs a server
 * of its own (same build, its own port and data folder), so the shared one is never stopped.
 */

const OUTPUT_DIR = process.env.OUTPUT_DIR ?? '.output'
const DATA_DIR = `${E2E_DATA_DIR}-restart`

class OwnServer {
  private child: ChildProcess | null = null
  private log: string[] = []
  constructor(readonly port: number) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [`${OUTPUT_DIR}/server/index.mjs`], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR,
        TRUST_PROXY: 'true',
        LOG_EMAILS: 'false',
        SUPABASE_URL: '',
        SUPABASE_ANON_KEY: '',
        SUPABASE_SERVICE_ROLE_KEY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d: Buffer) => this.log.push(d.toString()))
    child.stderr?.on('data', (d: Buffer) => this.log.push(d.toString()))
    this.child = child
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited:\n${this.log.join('')}`)
          return fetch(`${this.origin}/`).then(
            (r) => r.status,
            () => 0,
          )
        },
        // A cold start (database files, migrations, seed) on a busy machine.
        { timeout: 60_000, message: 'own server to answer' },
      )
      .toBe(200)
  }

  async stop(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null) return
    child.kill('SIGTERM')
    // A last resort for a server that hangs on the way down, not a wait for the app: a clean
    // stop on a busy machine can take a while.
    const exited = await Promise.race([
      once(child, 'exit').then(() => true),
      new Promise((r) => setTimeout(() => r(false), 30_000)),
    ])
    if (!exited) {
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
  }
}

/** Signs in on the own server, reading the code from its data folder's outbox. */
async function signInOn(page: Page, server: OwnServer): Promise<void> {
  const since = Date.now() - 1000
  await openPage(page, `${server.origin}/admin/login`)
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  let code = ''
  await expect
    .poll(() => {
      const outbox = join(DATA_DIR, 'outbox.jsonl')
      if (!existsSync(outbox)) return ''
      const mail = readFileSync(outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; text: string; sentAt: string })
        .filter((m) => m.to === ADMIN_EMAIL && Date.parse(m.sentAt) >= since)
        .at(-1)
      code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
      return code
    })
    .not.toBe('')
  await page.getByLabel('Doğrulama Kodu').fill(code)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page).toHaveURL(/\/admin\/messages/)
}

test('an open page gets the next banner change after the server restarts', async ({ page, browser }) => {
  // Two server starts and a reconnection, each up to a minute or two on a busy machine.
  test.setTimeout(300_000)
  rmSync(DATA_DIR, { recursive: true, force: true })
  const server = new OwnServer(await freePort())
  const visitors = await browser.newContext()
  try {
    await server.start()
    await signInOn(page, server)

    const visitor = await visitors.newPage()
    const subscribed = visitor.waitForResponse((r) => r.url().includes('/api/banner-events?key=tr-banner'))
    await visitor.goto(`${server.origin}/`)
    await subscribed

    await server.stop()
    // The server's start (up to a minute, above), then the page's own retry (at most a minute apart).
    const resubscribed = visitor.waitForResponse(
      (r) => r.url().includes('/api/banner-events?key=tr-banner') && r.status() === 200,
      { timeout: 120_000 },
    )
    await server.start()
    await resubscribed

    // The session lives in the data folder, so the admin is still signed in.
    await openPage(page, `${server.origin}/admin/messages`)
    await page.getByRole('button', { name: 'Banner Yönetimi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Hero Banner Görsellerini Düzenle' })
    await dialog.getByTestId('banner-file-tr-banner').setInputFiles('tests/fixtures/images/banner.png')
    const field = dialog.getByRole('region', { name: 'Türkçe Banner' }).getByRole('textbox', { name: "Görsel URL'si" })
    await expect(field).toHaveValue(/^\/uploads\/hero-tr-banner-\d+\.png$/)
    const url = await field.inputValue()
    await dialog.getByRole('button', { name: 'Kaydet' }).click()
    await expect(dialog).toBeHidden()

    await expect(visitor.getByTestId('hero-image')).toHaveAttribute('src', new RegExp(`^${url.replace(/\./g, '\\.')}\\?v=\\d+$`))
  } finally {
    await visitors.close()
    await server.stop()
    rmSync(DATA_DIR, { recursive: true, force: true })
  }
})
