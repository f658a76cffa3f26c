import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ColumnBytes } from '~/backend/sql/client'
import { firstColumns, queryFirstColumns, RawQueryError, simpleQueryMessage } from '~/backend/sql/pglite-raw.server'

let pg: PGlite

beforeAll(async () => {
  pg = await PGlite.create()
  await pg.exec(`create table t (id int primary key, body text)`)
})
afterAll(() => pg.close())

function texts({ bytes, bounds, count }: ColumnBytes): string[] {
  return Array.from({ length: count }, (_, i) => bytes.toString('utf8', bounds[2 * i], bounds[2 * i + 1]))
}

describe('simpleQueryMessage', () => {
  it('frames a Query message: type, length (itself and the text), the text, a zero', () => {
    const message = simpleQueryMessage('select ş')
    expect(message[0]).toBe('Q'.charCodeAt(0))
    expect(Buffer.from(message).readInt32BE(1)).toBe(message.length - 1)
    expect(Buffer.from(message.subarray(5, -1)).toString('utf8')).toBe('select ş')
    expect(message.at(-1)).toBe(0)
  })
})

describe('queryFirstColumns', () => {
  it('gives the first column of every row as PostgreSQL wrote it, NULL as empty', async () => {
    const rows = await queryFirstColumns(
      pg,
      `select v, 'ignored' from (values ('ı, ş, ğ: "quoted" \\ back'), (null), (''), (repeat('x', 70000))) as r(v)`,
    )
    expect(texts(rows)).toEqual(['ı, ş, ğ: "quoted" \\ back', '', '', 'x'.repeat(70_000)])
  })

  it('gives nothing for a statement without rows', async () => {
    expect((await queryFirstColumns(pg, 'select 1 where false')).count).toBe(0)
  })

  it('reads the same rows as query, in the same order, into a reused buffer that grows', async () => {
    await pg.query(`insert into t select n, 'satır ' || n || repeat('ü', n % 50) from generate_series(1, 3000) n`)
    const small = await queryFirstColumns(pg, 'select body from t where id <= 3 order by id')
    expect(texts(small)).toEqual(['satır 1ü', 'satır 2üü', 'satır 3üüü'])
    // The whole table is far larger than the first buffer (256 KB): it grows, then is reused.
    const all = await queryFirstColumns(pg, 'select body from t order by id', small)
    const expected = (await pg.query<{ body: string }>('select body from t order by id')).rows.map((r) => r.body)
    expect(texts(all)).toEqual(expected)
    const again = await queryFirstColumns(pg, 'select body from t where id > 2998 order by id', all)
    expect(texts(again)).toEqual(expected.slice(2998))
  })

  it("throws PostgreSQL's error with its SQLSTATE, and the database goes on answering", async () => {
    const error = await queryFirstColumns(pg, 'select * from no_such_table').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RawQueryError)
    expect((error as RawQueryError).code).toBe('42P01')
    expect((error as RawQueryError).message).toMatch(/no_such_table/)
    expect((await pg.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }])
  })

  it('waits for a transaction under way instead of running inside it', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let entered!: () => void
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    const rolledBack = pg
      .transaction(async (tx) => {
        await tx.query(`insert into t values (-1, 'never committed')`)
        entered()
        await gate
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    await inside
    const counting = queryFirstColumns(pg, 'select count(*) from t where id = -1')
    release()
    expect(await rolledBack).toBe('rolled back')
    expect(texts(await counting)).toEqual(['0'])
  })

  it("leaves notifications to PGlite's listeners", async () => {
    const heard: string[] = []
    const stop = await pg.listen('raw_test', (payload) => heard.push(payload))
    await queryFirstColumns(pg, 'select 1')
    await pg.transaction(async (tx) => {
      await tx.query(`select pg_notify('raw_test', 'one')`)
    })
    await queryFirstColumns(pg, 'select 2')
    await pg.query(`select pg_notify('raw_test', 'two')`)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(heard).toEqual(['one', 'two'])
    await stop()
  })
})

describe('firstColumns', () => {
  it('skips messages other than rows and reports an ErrorResponse after them', () => {
    const message = (type: string, body: Buffer) => {
      const head = Buffer.alloc(5)
      head.write(type, 0)
      head.writeInt32BE(body.length + 4, 1)
      return Buffer.concat([head, body])
    }
    const row = (text: string) => {
      const value = Buffer.from(text)
      const body = Buffer.alloc(6)
      body.writeInt16BE(1, 0)
      body.writeInt32BE(value.length, 2)
      return message('D', Buffer.concat([body, value]))
    }
    const ok = Buffer.concat([message('T', Buffer.alloc(2)), row('a'), row('bç'), message('C', Buffer.from('SELECT 2\0'))])
    expect(texts(firstColumns(ok))).toEqual(['a', 'bç'])
    const failed = Buffer.concat([ok, message('E', Buffer.from('SERROR\0C22012\0Mdivision by zero\0\0'))])
    expect(() => firstColumns(failed)).toThrow(expect.objectContaining({ code: '22012', message: 'division by zero' }))
  })
})
