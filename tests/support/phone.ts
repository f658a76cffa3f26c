/**
 * The phone the banner figures are measured on: 390 CSS px wide at three device pixels per CSS
 * pixel, and the most its hero may download (docs/decisions/042). The screen is as wide as the
 * viewport: otherwise Playwright's desktop device lends it a 1920 px screen and Chromium first
 * lays the page out that wide. Used by the e2e test and `npm run bench` (plain TypeScript that
 * Node 24 runs as it is).
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
}

export const PHONE_HERO_BUDGET_KB = 250
