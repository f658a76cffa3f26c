/** The in-process driver: PGlite, a real PostgreSQL compiled to WebAssembly, one connection. */
import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { QueryResult, Sql, SqlDatabase } from './client'
import { queryFirstColumns } from './pglite-raw.server'

function wrap(target: Pick<PGlite, 'query' | 'exec'> | Transaction, transaction: Sql['transaction']): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await target.query<T>(text, params as unknown[] | undefined)
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 }
    },
    async exec(text) {
      await target.exec(text)
    },
    async copyFromText(statement, data) {
      await target.query(statement, [], { blob: new Blob([data]) })
    },
    transaction,
  }
}

export function pgliteDatabase(db: PGlite): SqlDatabase {
  const root = wrap(db, (fn) =>
    // PGlite runs one transaction at a time, each alone: a snapshot needs nothing more.
    db.transaction((tx) => {
      const inner: Sql = wrap(tx, (nested) => nested(inner))
      return fn(inner)
    }),
  )
  return {
    ...root,
    driver: 'pglite',
    firstColumnBytes: (statement, reuse) => queryFirstColumns(db, statement, reuse),
    async listen(channel, onPayload) {
      const stop = await db.listen(channel, onPayload)
      return () => stop()
    },
    close: () => db.close(),
  }
}
