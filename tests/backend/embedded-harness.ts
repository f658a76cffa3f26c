/**
 * Embedded backends for tests: a throw-away data folder, an in-memory database and a clock the
 * test moves by hand. Shared by the contract run and the embedded-only tests.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  type EmbeddedInstance,
  openEmbedded,
  readOutbox,
  SEED_ADMIN_EMAIL,
  SEED_STAFF_EMAIL,
} from '~/backend/embedded/open-embedded.server'
import type { ContractSubject } from './contract-subject'
import { createTestClock, type TestClock } from './test-clock'

export { createTestClock, type TestClock } from './test-clock'

export function makeTempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'pusula-embedded-'))
}

/**
 * A dump of the first fresh (migrated, seeded) database of this test file, taken right after it
 * opened; later test backends load it instead of running initdb and the migrations again, which
 * is several times faster.
 */
let template: Promise<Blob> | undefined

export interface TestBackend extends EmbeddedInstance {
  dataDir: string
  clock: TestClock
  /** Closes the backend (if still open) and deletes the data folder. */
  dispose(): Promise<void>
}

/**
 * An embedded backend on a temp folder with an in-memory database started from the template.
 * `fresh: true` skips the template (tests of the real first start); `inMemory: false` keeps the
 * database on disk (tests of persistence), and is always fresh.
 */
export async function openTestBackend(
  options: { dataDir?: string; clock?: TestClock; inMemory?: boolean; fresh?: boolean; secureCookies?: boolean } = {},
): Promise<TestBackend> {
  const dataDir = options.dataDir ?? (await makeTempDataDir())
  const clock = options.clock ?? createTestClock()
  const inMemory = options.inMemory ?? true
  const useTemplate = inMemory && !options.fresh
  const instance = await openEmbedded({
    dataDir,
    secureCookies: options.secureCookies ?? false,
    logEmails: false,
    now: clock.now,
    inMemory,
    template: useTemplate && template ? await template : undefined,
  })
  if (useTemplate && !template) {
    // Awaited before the test gets the backend, so none of its writes can end up in the dump.
    template = instance.pglite.dumpDataDir('none')
    await template
  }
  return {
    ...instance,
    dataDir,
    clock,
    async dispose() {
      await instance.backend.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The contract suite's view of a fresh embedded backend. */
export async function openContractSubject(): Promise<ContractSubject> {
  const test = await openTestBackend()
  return {
    backend: test.backend,
    adminEmail: SEED_ADMIN_EMAIL,
    staffEmail: SEED_STAFF_EMAIL,
    readOutbox: () => readOutbox(test.dataDir),
    setup: test.db,
    dispose: test.dispose,
  }
}
