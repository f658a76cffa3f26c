import { randomBytes } from 'node:crypto'
import { test as base, expect } from '@playwright/test'

/**
 * Browser-test fixtures:
 * - every test gets its own client address (the e2e server trusts X-Forwarded-For), so
 *   per-IP rate limits of one test do not leak into the next;
 * - an unexpected console error or page error fails the test; a test that expects one
 *   declares it with `allowConsole(/pattern/)`.
 */
export const test = base.extend<{ allowConsole: (pattern: RegExp) => void; clientIp: string }>({
  // Playwright reads the fixture's dependencies from the first parameter's pattern, so it must
  // be an (empty) object pattern.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  clientIp: async ({}, use) => {
    const [a, b, c] = randomBytes(3)
    await use(`10.${a}.${b}.${((c ?? 0) % 250) + 1}`)
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'x-forwarded-for': clientIp })
  },
  allowConsole: async ({ page }, use) => {
    const allowed: RegExp[] = []
    const problems: string[] = []
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return
      const text = msg.text()
      if (!allowed.some((re) => re.test(text))) problems.push(`console.error: ${text}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await use((pattern) => allowed.push(pattern))
    expect(problems, 'unexpected errors in the browser console').toEqual([])
  },
})

/** Use this `test` in every spec so the console check always runs. */
test.beforeEach(async ({ allowConsole }) => {
  void allowConsole
})

export { expect }
