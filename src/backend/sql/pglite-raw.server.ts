/** A query to PGlite through PostgreSQL's wire protocol directly, for reading many rows without
 * making a JavaScript value of each: the response's rows stay bytes in the one buffer PGlite
 * returns (decision 177). Only the simple query protocol, without parameters. */
import type { PGlite } from '@electric-sql/pglite'
import type { ColumnBytes } from './client'

const encoder = new TextEncoder()

/** A Query message ('Q'): the statement as a C string. */
export function simpleQueryMessage(statement: string): Uint8Array {
  const text = encoder.encode(statement)
  const message = new Uint8Array(1 + 4 + text.length + 1)
  const view = new DataView(message.buffer)
  message[0] = 0x51
  view.setInt32(1, 4 + text.length + 1)
  message.set(text, 5)
  return message
}

/** An ErrorResponse of the raw protocol, with PostgreSQL's SQLSTATE as `code`. */
export class RawQueryError extends Error {
  override name = 'RawQueryError'
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

function errorFields(body: Uint8Array): RawQueryError {
  const decoder = new TextDecoder()
  const fields = new Map<string, string>()
  let at = 0
  while (at < body.length && body[at] !== 0) {
    const type = String.fromCharCode(body[at]!)
    const end = body.indexOf(0, at + 1)
    fields.set(type, decoder.decode(body.subarray(at + 1, end)))
    at = end + 1
  }
  return new RawQueryError(fields.get('M') ?? 'database error', fields.get('C'))
}

/** Finds the first column of every DataRow of a response (`response[0 .. length)`); throws the
 * response's ErrorResponse if it has one. Any other message (row description, command tag, notices,
 * ready-for-query) is skipped. */
export function firstColumns(response: Buffer, length = response.length, reuse?: Int32Array): ColumnBytes {
  let bounds = reuse ?? new Int32Array(1024)
  let count = 0
  let error: RawQueryError | undefined
  let at = 0
  while (at + 5 <= length) {
    const type = response[at]
    const body = at + 5
    const end = at + 1 + response.readInt32BE(at + 1)
    if (type === 0x44 /* D */ && response.readInt16BE(body) > 0) {
      const size = response.readInt32BE(body + 2)
      if (2 * count + 2 > bounds.length) {
        const larger = new Int32Array(bounds.length * 2)
        larger.set(bounds)
        bounds = larger
      }
      bounds[2 * count] = body + 6
      bounds[2 * count + 1] = body + 6 + Math.max(size, 0)
      count += 1
    } else if (type === 0x45 /* E */) {
      error ??= errorFields(response.subarray(body, end))
    }
    at = end
  }
  if (error) throw error
  return { bytes: response, bounds, count }
}

/** Runs `statement` on `pg` as its own query (waiting, as `query` does, for any transaction under
 * way to end) and gives the first column of its rows as bytes. */
export async function queryFirstColumns(pg: PGlite, statement: string, reuse?: ColumnBytes): Promise<ColumnBytes> {
  await pg._checkReady()
  const message = simpleQueryMessage(statement)
  let buffer = reuse?.bytes ?? Buffer.allocUnsafe(256 * 1024)
  let length = 0
  await pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(() =>
      pg.execProtocolRawStream(message, {
        syncToFs: false,
        // A view of PostgreSQL's output buffer, copied before its next write reuses it.
        onRawData: (chunk) => {
          if (length + chunk.length > buffer.length) {
            const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + chunk.length))
            buffer.copy(larger, 0, 0, length)
            buffer = larger
          }
          buffer.set(chunk, length)
          length += chunk.length
        },
      }),
    ),
  )
  return firstColumns(buffer, length, reuse?.bounds)
}
