import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e'
/** Not the defaults, so the legal and KVKK pages are seen to follow the configuration. */
export const E2E_RETENTION = { messageDays: 365, ipDays: 60, visitRawDays: 45 }
export const E2E_AUTH_ADMINS = [
  'auth-signin@example.com',
  'auth-wrong@example.com',
  'auth-attempts@example.com',
  'auth-resend@example.com',
  'auth-signout@example.com',
  'inbox-signout@example.com',
  'cookies-signin@example.com',
  'auth-browsers@example.com',
  'auth-early@example.com',
]

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_RESULTS_DIR ?? 'test-results/e2e',
  // One worker: the tests share one server, its rate limits and its seeded accounts.
  fullyParallel: false,
  workers: 1,
  // A test that passes only when tried again is a failing test.
  retries: 0,
  forbidOnly: true,
  // Budgets for a busy machine (another process holding a core), not for an idle one: tests
  // wait for what a reader would see, or for the page's readiness signal (tests/e2e/helpers.ts
  // `waitForHydration`), and go on as soon as it is there, so a generous budget costs nothing
  // when the machine is fast.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      TRUST_PROXY: 'true',
      // Tests read codes from DATA_DIR/outbox.jsonl; the log would only add noise to the report.
      LOG_EMAILS: 'false',
      // A line per request would bury the report; warnings and errors still reach it.
      LOG_LEVEL: 'warn',
      // Admins of their own for the sign-in tests (tests/e2e/auth.spec.ts): one code per e-mail per minute.
      SEED_ADMIN_EMAILS: E2E_AUTH_ADMINS.join(','),
      // The suite sends dozens of contact messages in minutes: far past the flood limit, after
      // which notifications become a digest; the notification test still needs a mail of its own.
      MAIL_FLOOD_MAX: '100000',
      // A browser under Playwright fills the contact form in milliseconds: the time trap would take
      // every test's message for a bot's (tests/integration/spam-time-trap.test.ts tests the trap).
      SPAM_MIN_FILL_SECONDS: '0',
      // Not the defaults, so tests/e2e/legal.spec.ts sees the notice follow the configuration.
      MESSAGE_RETENTION_DAYS: String(E2E_RETENTION.messageDays),
      IP_RETENTION_DAYS: String(E2E_RETENTION.ipDays),
      VISIT_RAW_DAYS: String(E2E_RETENTION.visitRawDays),
    },
  },
})
