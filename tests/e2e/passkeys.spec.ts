import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { findBuiltServerFns } from '../integration/server-functions'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, E2E_DATA_DIR, waitForCode, waitForHydration } from './helpers'

/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn). WebAuthn needs a relying party
 * that is a domain, and the app takes it from SITE_URL only: so this runs a server of its own
 * (same build, its own port and data folder) at http://localhost, which the shared server is not.
 */
const OUTPUT_DIR = process.env.OUTPUT_DIR ?? '.output'
const DATA_DIR = `${E2E_DATA_DIR}-passkeys`

interface Site {
  origin: string
  dataDir: string
  stop: () => Promise<void>
}

/** The production build on a free port at http://localhost, with a data folder of its own. */
async function startSite(dataDir: string, env: Record<string, string> = {}): Promise<Site> {
  rmSync(dataDir, { recursive: true, force: true })
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const log: string[] = []
  const child: ChildProcess = spawn(process.execPath, [`${OUTPUT_DIR}/server/index.mjs`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: origin,
      TRUST_PROXY: 'true',
      LOG_EMAILS: 'false',
      LOG_LEVEL: 'warn',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()))
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${log.join('')}`)
        return fetch(`http://127.0.0.1:${port}/admin/login`).then(
          (r) => r.status,
          () => 0,
        )
      },
      { timeout: 60_000 },
    )
    .toBe(200)
  return {
    origin,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let site: Site | null = null
let origin = ''

test.beforeAll(async () => {
  // Room for the server's cold start (up to a minute on a busy machine).
  test.setTimeout(90_000)
  site = await startSite(DATA_DIR)
  origin = site.origin
})

test.afterAll(async () => {
  await site?.stop()
})

/** A platform authenticator with user verification, as a phone or laptop has. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

/** The e-mail code sign-in, from a fresh code browser (one code a minute per browser and address). */
async function signInWithCode(page: Page, context: BrowserContext, at = origin, dataDir = DATA_DIR): Promise<void> {
  await context.clearCookies({ name: 'code-browser' })
  await page.goto(`${at}/admin/login`)
  await waitForHydration(page)
  const since = new Date(Date.now() - 1000)
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  const code = await waitForCode(ADMIN_EMAIL, since, dataDir)
  await page.getByLabel('Doğrulama Kodu').fill(code)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

async function signOutFromAccount(page: Page): Promise<void> {
  await page.goto(`${origin}/admin/account`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Çıkış' }).first().click()
  await expect(page).toHaveURL(/\/admin\/login/)
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
}

/** A staff server function called directly, with whatever session the browser holds. */
async function callAdminFunction(page: Page, name: string, at = origin) {
  const fn = findBuiltServerFns(OUTPUT_DIR).find((f) => f.name === name && f.file.endsWith('passkey.functions.ts'))
  if (!fn) throw new Error(`${name} is not in the build`)
  const response = await page.request.get(`${at}/_serverFn/${fn.id}`, {
    headers: { 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin', origin: at },
  })
  return { status: response.status(), body: await response.text() }
}

test('a passkey is added, signs in alone, is then asked after the e-mail code, and is removed', async ({ page, context }) => {
  test.setTimeout(120_000)
  const { cdp, authenticatorId } = await addAuthenticator(page)

  // Signed in with a code, no passkey yet: the inbox opens at once.
  await signInWithCode(page, context)
  await expect(page).toHaveURL(/\/admin\/messages/)

  // 'Hesabım' → 'Passkey Ekle': the browser's own dialog (the virtual authenticator) answers.
  await page.goto(`${origin}/admin/account`)
  await waitForHydration(page)
  await expect(page.getByText('Henüz passkey eklemediniz.')).toBeVisible()
  await page.getByRole('button', { name: 'Passkey Ekle' }).click()
  const row = page.getByTestId('passkey')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Chrome · ')
  await expect(row).toContainText('Eklendi:')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]?.isResidentCredential).toBe(true)
  await expectAccessible(page)

  // Signed out, then in with the passkey alone: no address, no code.
  await signOutFromAccount(page)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Passkey ile Giriş Yap' }).click()
  await expect(page).toHaveURL(/\/admin\/messages/)
  await page.goto(`${origin}/admin/account`)
  await expect(page.getByTestId('passkey')).not.toContainText('Henüz kullanılmadı')

  // The e-mail code alone now stops at 'Passkey ile Doğrula', and so does the server.
  await signOutFromAccount(page)
  await signInWithCode(page, context)
  await expect(page).toHaveURL(/\/admin\/passkey/)
  await expect(page.getByRole('heading', { name: 'Passkey ile Doğrula' })).toBeVisible()
  await expectAccessible(page)
  const refused = await callAdminFunction(page, 'getMyPasskeys')
  expect(refused.status).toBe(403)
  expect(refused.body).toContain('auth_passkey_required')
  await page.goto(`${origin}/admin/messages`)
  await expect(page).toHaveURL(/\/admin\/passkey/)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Passkey ile Doğrula' }).click()
  await expect(page).toHaveURL(/\/admin\/messages/)
  expect((await callAdminFunction(page, 'getMyPasskeys')).status).toBe(200)

  // 'Kaldır' asks first; with no passkey left, the code alone opens the inbox again.
  await page.goto(`${origin}/admin/account`)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Kaldır: Chrome/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Kaldır' }).click()
  await expect(page.getByText('Henüz passkey eklemediniz.')).toBeVisible()
  await signOutFromAccount(page)
  await signInWithCode(page, context)
  await expect(page).toHaveURL(/\/admin\/messages/)
})

test('STAFF_PASSKEY_REQUIRED: after the code, a member without a passkey adds one before the inbox', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  const required = await startSite(`${DATA_DIR}-required`, { STAFF_PASSKEY_REQUIRED: 'true' })
  try {
    const { cdp, authenticatorId } = await addAuthenticator(page)
    await signInWithCode(page, context, required.origin, required.dataDir)
    await expect(page).toHaveURL(/\/admin\/passkey/)
    await expect(page.getByRole('heading', { name: 'Passkey Ekleyin' })).toBeVisible()
    const refused = await callAdminFunction(page, 'getMyPasskeys', required.origin)
    expect(refused.status).toBe(403)
    expect(refused.body).toContain('auth_passkey_enroll')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Passkey Ekle' }).click()
    await expect(page).toHaveURL(/\/admin\/messages/)
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1)
    expect((await callAdminFunction(page, 'getMyPasskeys', required.origin)).status).toBe(200)
  } finally {
    // Nothing of the page may still be loading from the server as it stops.
    await page.goto('about:blank')
    await required.stop()
  }
})
