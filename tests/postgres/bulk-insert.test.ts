/**
 * Bulk loads on a real PostgreSQL 17 (npm run seed in the postgres mode, docs/decisions/143): as
 * the tables' owner, indexes dropped and built again in one transaction without changing any
 * definition; as the server's least-privileged role (decision 073), which may not drop an index,
 * rows inserted with the indexes in place.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type PostgresInstance } from '~/backend/postgres/open-postgres.server'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { pgDatabase } from '~/backend/sql/pg.server'
import {
  countsBeside,
  expectFailedLoadLeavesTableAsItWas,
  expectRebuildKeepsIndexesAndCounts,
  indexDefinitions,
  make,
} from '../backend/bulk-insert.contract'
import { createPlainDatabase, createSupabaseDatabase, type PlainDatabase, type SupabaseDatabase } from '../support/test-database'

describe('bulk insert as the owner (postgres mode, as npm run seed opens it)', () => {
  let database: PlainDatabase
  let dataDir: string
  let instance: PostgresInstance
  beforeAll(async () => {
    database = await createPlainDatabase()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-bulk-'))
    instance = await openPostgres({ url: database.url, dataDir, secureCookies: false, logEmails: false })
  })
  afterAll(async () => {
    await instance.backend.close()
    await database.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('rebuilds every index the table had, with the same definitions, and keeps the counts exact', async () => {
    await expectRebuildKeepsIndexesAndCounts(instance.db, 2_000)
  }, 60_000)

  it('leaves the table and its indexes as they were when the load fails after a batch went in', async () => {
    await expectFailedLoadLeavesTableAsItWas(instance.db, 5_500, 5_200)
  }, 60_000)
})

describe('bulk insert as the server role (a login role in app_server)', () => {
  let database: SupabaseDatabase
  beforeAll(async () => {
    database = await createSupabaseDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('inserts with the indexes in place, since it may not drop them', async () => {
    const db = pgDatabase({ url: database.appUrl, maxConnections: 2, applicationName: 'bulk-insert-test' })
    try {
      const before = await indexDefinitions(db)
      const report = await bulkInsertMessages(db, 300, make)
      expect(report).toMatchObject({ path: 'in-place', reason: 'not-owner', indexes: [] })
      expect(await indexDefinitions(db)).toEqual(before)
      const { stored, counted } = await countsBeside(db)
      expect(stored).toEqual(counted)
      expect(Object.values(counted).reduce((sum, n) => sum + n, 0)).toBe(300)
    } finally {
      await db.close()
    }
  }, 60_000)
})
