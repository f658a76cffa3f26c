import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e'
export const E2E_AUTH_ADMINS = [
  'auth-signin@example.com',
  'auth-wrong@example.com',
  'auth-attempts@example.com',
  'auth-resend@example.com',
  'auth-signout@example.com',
  'inbox-signout@example.com',
]

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_RESULTS_DIR ?? 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
      // Admins of their own for the sign-in tests (tests/e2e/auth.spec.ts): one code per e-mail per minute.
      SEED_ADMIN_EMAILS: E2E_AUTH_ADMINS.join(','),
    },
  },
})
