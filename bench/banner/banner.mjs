// A designer's banner (docs/decisions/040-banners.md): the hero's bytes on a 390 px phone at three
// device pixels per CSS pixel with the default banners, then staff upload a 4.3 MB photo-like PNG
// for each language through the banner dialog (tests/support/photo-banner.ts makes it, the same
// bytes every run), and the hero's bytes and Lighthouse are measured again.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { PHONE, PHONE_HERO_BUDGET_KB } from '../../tests/support/phone.ts'
import { photoBannerPng } from '../../tests/support/photo-banner.ts'
import { CHROMIUM_FLAGS, chromiumPath } from '../lib/browser.mjs'
import { lighthouseFigures, lighthousePages, waitUntilIdle } from '../lib/lighthouse.mjs'

const ADMIN = 'admin@example.com'
const PATHS = ['/', '/en']

function log(message) {
  console.log(`[bench-banner] ${message}`)
}

/** The banner images a phone downloads for the hero of `url`: the file it shows, and every byte. */
async function heroBytes(browser, url) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    const images = []
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (path.startsWith('/uploads/')) images.push(response.body().then((body) => ({ path, bytes: body.byteLength })))
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    const shown = await page
      .getByTestId('hero-image')
      .evaluate((img) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : ''))
    const files = await Promise.all(images)
    return { shown, files: files.length, kb: files.reduce((sum, f) => sum + f.bytes, 0) / 1024 }
  } finally {
    await context.close()
  }
}

/** Signs in as the seeded admin through the login page, with the code from the embedded outbox. */
async function signIn(page, baseUrl, dataDir) {
  await page.goto(`${baseUrl}/admin/login`)
  const since = Date.now() - 1000
  const code = async () => {
    for (let i = 0; i < 150; i++) {
      try {
        const mail = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
          .filter((m) => m.to === ADMIN && Date.parse(m.sentAt) >= since)
          .at(-1)
        const found = mail?.text.match(/\b(\d{6})\b/)?.[1]
        if (found) return found
      } catch {
        // no outbox yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error('no sign-in code in the outbox')
  }
  // The page's handlers may not be attached yet: send until the code field appears.
  for (let attempt = 0; !(await page.getByLabel('Doğrulama Kodu').isVisible()); attempt++) {
    if (attempt > 20) throw new Error('the login page did not ask for a code')
    // On a busy machine the code step can come after the wait: never click a button it replaced.
    const send = page.getByRole('button', { name: 'Doğrulama Kodu Gönder' })
    if (await send.isVisible()) {
      await page.getByLabel('E-posta').fill(ADMIN)
      await send.click()
    }
    await page
      .getByLabel('Doğrulama Kodu')
      .waitFor({ timeout: 2000 })
      .catch(() => {})
  }
  await page.getByLabel('Doğrulama Kodu').fill(await code())
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await page.waitForURL(/\/admin\/messages/)
}

/** Uploads one photo per language through the banner dialog and saves; returns each upload's seconds. */
async function uploadPhotos(browser, baseUrl, dataDir) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    await signIn(page, baseUrl, dataDir)
    const dialog = page.getByRole('dialog', { name: 'Hero Banner Görsellerini Düzenle' })
    for (let attempt = 0; !(await dialog.isVisible()); attempt++) {
      if (attempt > 20) throw new Error('the banner dialog did not open')
      await page.getByRole('button', { name: 'Banner Yönetimi' }).click()
      await page.waitForTimeout(500)
    }
    await dialog.getByRole('button', { name: 'Kaydet' }).waitFor()
    const seconds = []
    for (const [key, seed, block] of [
      ['tr-banner', 42, 'Türkçe Banner'],
      ['en-banner', 43, 'English Banner'],
    ]) {
      const png = await photoBannerPng(seed)
      const field = dialog.getByRole('region', { name: block }).getByRole('textbox', { name: "Görsel URL'si" })
      const started = Date.now()
      await dialog.getByTestId(`banner-file-${key}`).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png })
      // The upload is done when its stored address fills the field in.
      const stored = new RegExp(`^/uploads/hero-${key}-\\d+\\.png$`)
      while (!stored.test(await field.inputValue())) {
        if (Date.now() - started > 120_000) throw new Error(`the ${key} upload did not finish`)
        await page.waitForTimeout(100)
      }
      seconds.push({ key, mb: png.byteLength / 2 ** 20, seconds: (Date.now() - started) / 1000 })
    }
    await dialog.getByRole('button', { name: 'Kaydet' }).click()
    await page.getByTestId('toast').filter({ hasText: 'Banner ayarları güncellendi' }).waitFor()
    return seconds
  } finally {
    await context.close()
  }
}

/** Hero bytes on the phone and Lighthouse with the default banners (`defaultLighthouse` when the
 * caller has measured it already), then with a 4.3 MB photo uploaded for each language: hero bytes,
 * upload time, Lighthouse (mobile, `runs` runs per page). */
export async function benchBanner({ url, dataDir, runs = 3, peakMemoryMb = () => 0, serverPid, defaultLighthouse }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    log('hero bytes on a 390 px phone at DPR 3, default banners…')
    const defaults = {}
    for (const path of PATHS) defaults[path] = await heroBytes(browser, `${url}${path}`)
    let lighthouseDefault = defaultLighthouse
    if (!lighthouseDefault) {
      log(`Lighthouse (mobile) on / and /en with the default banners, ${runs} fair runs each…`)
      lighthouseDefault = await lighthousePages(url, PATHS, { runs, log: (line) => log(`  ${line}`) })
    }
    log('uploading a 4.3 MB photo-like PNG per language through the banner dialog…')
    const memoryBeforeMb = peakMemoryMb()
    const uploads = await uploadPhotos(browser, url, dataDir)
    const memory = { beforeMb: memoryBeforeMb, afterMb: peakMemoryMb() }
    const uploaded = {}
    for (const path of PATHS) uploaded[path] = await heroBytes(browser, `${url}${path}`)
    // The uploads' image work (and, in the bench, the load rounds before them) must be over.
    if (serverPid) log(`server idle after ${await waitUntilIdle(serverPid)} s`)
    log(`Lighthouse (mobile) on / and /en with the uploaded banners, ${runs} fair runs each…`)
    const lighthouse = await lighthousePages(url, PATHS, { runs, log: (line) => log(`  ${line}`) })
    return { defaults, uploads, memory, uploaded, lighthouseDefault, lighthouse }
  } finally {
    await browser.close()
  }
}

const kb = (n) => `${n.toFixed(1)} KB`
const file = (path) => path.replace(/^\/uploads\/(hero-[a-z]{2}-banner)-\d+/, '$1-…')

/** Rows of the bench table. */
export function bannerRows(result) {
  const phone = (hero) => `${kb(hero.kb)} (${hero.files} file: ${file(hero.shown)})`
  return [
    ...PATHS.map((path) => [
      `hero bytes, 390 px phone at DPR 3, \`${path}\`: default banner → 4.3 MB photo uploaded`,
      `${phone(result.defaults[path])} → ${phone(result.uploaded[path])}`,
      `≤ ${PHONE_HERO_BUDGET_KB} KB`,
    ]),
    [
      'upload of a 4.3 MB photo-like PNG (AVIF + WebP copies made and stored)',
      `${result.uploads.map((u) => `${u.key} ${u.mb.toFixed(1)} MB in ${u.seconds.toFixed(1)} s`).join(', ')}; server peak memory ${result.memory.beforeMb} MB before, ${result.memory.afterMb} MB after`,
      '',
    ],
    ...PATHS.map((path) => {
      const before = result.lighthouseDefault[path]
      const s = result.lighthouse[path]
      return [
        `Lighthouse mobile ${path}: default banner → 4.3 MB photo uploaded`,
        `default: performance ${before.performance}, LCP ${before.lcpMs} ms → uploaded: ${lighthouseFigures(s)}`,
        'performance 100, LCP ≤ 2.5 s',
      ]
    }),
  ]
}
