/** Running statements in a transaction that is always rolled back, whatever they return. */
import type { Sql } from '~/backend/sql/client'

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose')
  }
}

/**
 * Runs `fn` in a transaction and rolls it back, returning what `fn` returned: Sql commits a
 * transaction whose function resolves, so the way out is a throw that only this catches.
 */
export async function rolledBack<T>(db: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await fn(tx))
    })
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T
    throw error
  }
  throw new Error('unreachable: the transaction always throws')
}
