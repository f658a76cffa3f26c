// The browser every test and measurement launches: CHROMIUM_PATH, else Debian's Chromium at
// /usr/bin/chromium when present, else Playwright's own (undefined). The flags keep Chromium off
// the network it cannot reach here (background services, updates, sync, QUIC).
import { existsSync } from 'node:fs'

/** @returns {string | undefined} */
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
