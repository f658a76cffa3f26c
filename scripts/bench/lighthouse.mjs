// Lighthouse scores with its default mobile emulation and simulated slow 4G.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, chromiumPath } from './browser.mjs'

async function lighthouseRun(url) {
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
    // A lost trace (NO_NAVSTART, NO_FCP) is Lighthouse's failure, not the page's: the caller retries.
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}`)
    const c = result.lhr.categories
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100)
    const ms = (audit) => Math.round(result.lhr.audits[audit]?.numericValue ?? 0)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      siMs: ms('speed-index'),
      cls: Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    }
  } finally {
    await chrome.kill()
  }
}

/**
 * Lighthouse varies from run to run (its own guidance: take the median of several). Runs it
 * `runs` times and reports the run with the median performance score, with every run's score.
 */
export async function lighthouseScores(url, { runs = 3 } = {}) {
  const results = []
  for (let i = 0, failures = 0; i < runs; i++) {
    try {
      results.push(await lighthouseRun(url))
    } catch (error) {
      if (++failures > 2) throw error
      i--
    }
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], performanceRuns: results.map((r) => r.performance) }
}
