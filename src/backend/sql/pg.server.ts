/** The server driver: any PostgreSQL ≥ 15 over a pool of `pg` connections (docs/decisions/075).
 * LISTEN needs a connection of its own that stays open, outside the pool, reconnecting after a
 * failure; it may go to another URL (a session pooler) than the queries. */
import pg from 'pg'
import { log } from '~/lib/log.server'
import type { QueryResult, Sql, SqlDatabase } from './client'

export interface PgOptions {
  url: string
  /** Where LISTEN connects; the query URL when not given. It needs a session (not a transaction pooler). */
  listenUrl?: string
  /** Connections in the pool. */
  maxConnections: number
  /** The name the server shows in pg_stat_activity. */
  applicationName: string
}

/** Waits before reconnecting the LISTEN connection after its 1st, 2nd, and later failures. */
const RECONNECT_MS = [250, 1_000, 5_000]

function queryable(client: pg.Pool | pg.PoolClient, transaction: Sql['transaction']): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(text, params as unknown[] | undefined)
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
    },
    async exec(text) {
      await client.query(text)
    },
    transaction,
  }
}

type Socket = { ref?: () => void; unref?: () => void }

function socketOf(client: pg.Client): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream
}

/** A LISTEN/UNLISTEN on the unref'd connection: the process must not end while it runs (a CLI). */
async function listenOn(client: pg.Client, statement: string): Promise<void> {
  socketOf(client)?.ref?.()
  try {
    await client.query(statement)
  } finally {
    socketOf(client)?.unref?.()
  }
}

export function pgDatabase(options: PgOptions): SqlDatabase {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections,
    application_name: options.applicationName,
    // A connection that cannot be made in this time is a fault to report, not to wait for.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  })
  // An idle connection that the server drops must not crash the process; the pool replaces it.
  pool.on('error', (error) => log().warn({ err: error }, 'db: an idle connection failed'))

  const root: Sql = queryable(pool, async (fn, txOptions) => {
    const client = await pool.connect()
    const inner: Sql = queryable(client, (nested) => nested(inner))
    try {
      await client.query(txOptions?.snapshot ? 'begin isolation level repeatable read read only' : 'begin')
      const result = await fn(inner)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  })

  const listeners = new Map<string, Set<(payload: string) => void>>()
  let listener: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let closed = false
  let failures = 0

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: options.listenUrl ?? options.url,
      application_name: `${options.applicationName} (listen)`,
      keepAlive: true,
    })
    client.on('notification', (message) => {
      for (const fn of listeners.get(message.channel) ?? []) {
        try {
          fn(message.payload ?? '')
        } catch (error) {
          log().error({ err: error }, 'db: a notification listener failed')
        }
      }
    })
    client.on('error', (error) => {
      log().warn({ err: error }, 'db: the LISTEN connection failed')
      if (listener === client) listener = null
      client.end().catch(() => {})
      scheduleReconnect()
    })
    await client.connect()
    for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`)
    // Waiting for notifications is not work that should keep the process alive (see the pool);
    // a query on this connection is (listenOn refs it while one runs).
    socketOf(client)?.unref?.()
    failures = 0
    return client
  }

  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener)
    connecting ??= connectListener()
      .then((client) => {
        listener = client
        return client
      })
      .finally(() => {
        connecting = null
      })
    return connecting
  }

  function scheduleReconnect(): void {
    if (closed || listeners.size === 0) return
    const delay = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)]
    setTimeout(() => {
      if (closed || listener) return
      ensureListener().catch((error: Error) => {
        log().warn({ err: error }, 'db: could not reconnect the LISTEN connection')
        scheduleReconnect()
      })
    }, delay).unref()
  }

  return {
    ...root,
    driver: 'pg',
    poolUse: () => ({ max: options.maxConnections, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload) {
      let set = listeners.get(channel)
      const first = !set
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
      }
      set.add(onPayload)
      // A new connection listens on every channel known as it connects; LISTEN twice is harmless,
      // so a channel added while it was connecting is sure to be heard.
      const client = await ensureListener()
      if (first) await listenOn(client, `listen ${pg.escapeIdentifier(channel)}`)
      return async () => {
        const current = listeners.get(channel)
        if (!current?.delete(onPayload) || current.size > 0) return
        listeners.delete(channel)
        if (listener) await listenOn(listener, `unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {})
      }
    },
    async close() {
      closed = true
      listeners.clear()
      const client = listener
      listener = null
      // Its socket was unref'd: a tool whose last work is this close would otherwise leave the
      // event loop empty before the connection's end is heard, and Node ends it mid-await (exit 13).
      if (client) socketOf(client)?.ref?.()
      await Promise.all([client?.end().catch(() => {}), pool.end()])
    },
  }
}
