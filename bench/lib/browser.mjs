// Chromium for measurements: Debian's at /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's.
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'

export { CHROMIUM_FLAGS, chromiumPath }

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
    const response = await page.goto(url, { waitUntil: 'networkidle' })
    // Inline scripts of the page as served (most remove themselves once run); data blocks
    // (JSON-LD) are not JavaScript.
    const html = (await response?.text()) ?? ''
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attrs]) => !/\btype="(?!module"|text\/javascript")/.test(attrs))
      .map((m) => m[2])
      .join('')
    const files = await Promise.all(scripts)
    const inlineGzip = inline ? gzipSync(inline, { level: 9 }).length : 0
    return {
      files: files.length,
      list: [...files.map((f) => ({ name: new URL(f.url).pathname, gzip: f.gzip })), { name: '(inline)', gzip: inlineGzip }],
      kbGzip: (files.reduce((n, f) => n + f.gzip, 0) + inlineGzip) / 1024,
    }
  } finally {
    await browser.close()
  }
}
