import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, E2E_DATA_DIR, openPage, readOutbox, waitForCode } from './helpers'

/**
 * An expired code is refused with its own message. Codes live ten minutes, so this test runs a
 * server of its own (same build, its own port and data folder) with AUTH_CODE_TTL_SECONDS, the
 * test-only knob that shortens their life; the shared e2e server keeps the real limit.
 */
const OUTPUT_DIR = process.env.OUTPUT_DIR ?? '.output'
const DATA_DIR = `${E2E_DATA_DIR}-expiry`
const CODE_TTL_SECONDS = 2

let server: ChildProcess | null = null
let origin = ''
const log: string[] = []

test.beforeAll(async () => {
  // Room for the server's cold start below (up to a minute on a busy machine).
  test.setTimeout(90_000)
  rmSync(DATA_DIR, { recursive: true, force: true })
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [`${OUTPUT_DIR}/server/index.mjs`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      TRUST_PROXY: 'true',
      LOG_EMAILS: 'false',
      AUTH_CODE_TTL_SECONDS: String(CODE_TTL_SECONDS),
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()))
  server = child
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${log.join('')}`)
        return fetch(`${origin}/admin/login`).then(
          (r) => r.status,
          () => 0,
        )
      },
      { timeout: 60_000 },
    )
    .toBe(200)
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await once(server, 'exit')
  }
  rmSync(DATA_DIR, { recursive: true, force: true })
})

test('an expired code is refused and a new one must be asked for', async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource: the server responded with a status of 400/)
  await openPage(page, `${origin}/admin/login`)
  const since = new Date(Date.now() - 1000)
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  const code = await waitForCode(ADMIN_EMAIL, since, DATA_DIR)
  await page.getByLabel('Doğrulama Kodu').fill(code)
  // What is tested is a time passing, so this waits for a time: until the code's lifetime,
  // counted from when the server mailed it (it was issued before that), is over. Not a budget
  // for the app, so no load can make it too short.
  const mailed = Date.parse(
    readOutbox(DATA_DIR).findLast((mail) => mail.to === ADMIN_EMAIL && (mail.kind ?? 'sign_in_code') === 'sign_in_code')!.sentAt,
  )
  await sleep(Math.max(0, mailed + (CODE_TTL_SECONDS + 1) * 1000 - Date.now()))

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Giriş Yap' }).click(),
  ])
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('auth_code_expired')
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Hata' }).filter({ hasText: 'Kodun süresi doldu. Lütfen yeni bir kod isteyin.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/login/)
})
