/** A clock for backends under test: the SQL core stores every time it reads from `now`. */
export interface TestClock {
  now(): Date
  set(at: Date | string): void
  advance(seconds: number): void
}

/**
 * Real time plus an offset the test controls: time keeps flowing (so rows written one after
 * another are ordered as in production), and a test can still jump ahead by hours.
 */
export function createTestClock(): TestClock {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (at) => {
      offsetMs = new Date(at).getTime() - Date.now()
    },
    advance: (seconds) => {
      offsetMs += seconds * 1000
    },
  }
}
