/**
 * Bulk loads on PGlite (npm run seed's path, docs/decisions/143): the table's indexes dropped and
 * built again inside one transaction, and what must not change by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import {
  countsBeside,
  expectFailedLoadLeavesTableAsItWas,
  expectRebuildKeepsIndexesAndCounts,
  indexDefinitions,
  make,
} from '../bulk-insert.contract'
import { openTestBackend, type TestBackend } from '../embedded-harness'

let t: TestBackend
beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t.dispose()
})

describe('bulk insert (embedded)', () => {
  it('rebuilds every index the table had, with the same definitions, and keeps the counts exact', async () => {
    await expectRebuildKeepsIndexesAndCounts(t.db, 2_000)
  }, 120_000)

  it('leaves the table and its indexes as they were when the load fails after a batch went in', async () => {
    await expectFailedLoadLeavesTableAsItWas(t.db, 5_500, 5_200)
  }, 120_000)

  it('inserts a few rows into a fuller table with the indexes in place', async () => {
    const before = await indexDefinitions(t.db)
    const report = await bulkInsertMessages(t.db, 50, make)
    expect(report).toMatchObject({ path: 'in-place', reason: 'few-rows', indexes: [] })
    expect(await indexDefinitions(t.db)).toEqual(before)
    const { stored, counted } = await countsBeside(t.db)
    expect(stored).toEqual(counted)
  })
})
