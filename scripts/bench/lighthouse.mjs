// Lighthouse scores with its default mobile emulation and simulated slow 4G.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, chromiumPath } from './browser.mjs'

export async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const c = result.lhr.categories
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    }
  } finally {
    await chrome.kill()
  }
}
