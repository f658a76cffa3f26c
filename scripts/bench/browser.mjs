// Chromium for measurements: Debian's at /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's.
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

/** JavaScript a first visit to `url` loads until the network is idle: files and gzipped bytes. */
export async function firstLoadJs(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage()
    const scripts = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push(
        response.body().then((body) => ({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length })),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    const html = await page.content()
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')
    const files = await Promise.all(scripts)
    const inlineGzip = inline ? gzipSync(inline, { level: 9 }).length : 0
    return {
      files: files.length,
      kbGzip: (files.reduce((n, f) => n + f.gzip, 0) + inlineGzip) / 1024,
    }
  } finally {
    await browser.close()
  }
}
