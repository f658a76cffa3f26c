/** The one small interface the SQL core runs on. Two drivers implement it: PGlite in-process
 * (pglite.server.ts) and a PostgreSQL server over a connection pool (pg.server.ts). Queries use
 * PostgreSQL's own `$1` placeholders, which both drivers take as they are. */
export interface QueryResult<T> {
  rows: T[]
  /** Rows inserted, updated or deleted by the statement (0 for a select). */
  rowCount: number
}

/** Anything that runs a query: the database itself or an open transaction. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>
  /** Runs one or more statements without parameters (migrations, `set local`). */
  exec(text: string): Promise<void>
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Inside one,
   * `transaction` just runs `fn` in the same transaction. */
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** PGlite only: runs `statement`, a `COPY … FROM '/dev/blob'`, reading `data` (COPY's text format)
   * as that file. Bulk loads (a restore) use it when it is there. */
  copyFromText?: (statement: string, data: string) => Promise<void>
}

export interface TransactionOptions {
  /** A read-only snapshot: every statement sees the same committed rows (REPEATABLE READ on a
   * server; PGlite runs each transaction alone anyway). */
  snapshot?: boolean
}

/** The first column of each row of a result, as places in one buffer of bytes (UTF-8): row i is
 * `bytes[bounds[2i] .. bounds[2i + 1])` (empty for a NULL). No object per row. */
export interface ColumnBytes {
  bytes: Buffer
  bounds: Int32Array
  count: number
}

export interface SqlDatabase extends Sql {
  readonly driver: 'pglite' | 'pg'
  /** Calls `onPayload` for every NOTIFY on `channel` from any connection, this process's included,
   * after the notifying transaction commits. Returns the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** PGlite only: runs `statement` (no parameters, outside any transaction) and gives the first
   * column of each row as the UTF-8 bytes PostgreSQL sent, without a JavaScript value per row. A
   * backup reads every row through the server's own thread and heap with it (decision 177). */
  firstColumnBytes?: (statement: string, reuse?: ColumnBytes) => Promise<ColumnBytes>
  /** The pool's connections now (the pg driver); PGlite has none. */
  poolUse?(): { max: number; total: number; idle: number; waiting: number }
  close(): Promise<void>
}
