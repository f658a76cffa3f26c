/** The backup archive on disk: gzip (in members) of one JSON value per line, a header first and a
 * trailer last holding the SHA-256 of every line before it. */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createGunzip, gzipSync } from 'node:zlib'
import type { ColumnBytes } from '../sql/client'

export const ARCHIVE_FORMAT = 'pusula-backup'
export const ARCHIVE_VERSION = 1

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT
  version: number
  /** When the snapshot's transaction began (ISO). */
  takenAt: string
  mode: string
}

export interface ArchiveTrailer {
  end: true
  lines: number
  sha256: string
}

export type ArchiveErrorCode = 'missing' | 'not-an-archive' | 'truncated' | 'corrupt' | 'newer-format'

/** An archive that cannot be restored; `code` says why (the CLI prints one line and exits 2). */
export class ArchiveError extends Error {
  override name = 'ArchiveError'
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The name a file has while it is written: never taken for an archive (`.partial`). */
export function partialName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`)
}

export interface ArchiveWriter {
  line(value: unknown): Promise<void>
  /** As `line(text)` for each row's UTF-8 bytes, without making the text a JavaScript string. */
  stringLines(rows: ColumnBytes): Promise<void>
  /** Writes the trailer, flushes the file to disk and gives it its final name. */
  finish(): Promise<{ bytes: number }>
  /** Removes the partial file (after a failure). */
  abort(): Promise<void>
}

/** Lines are compressed in pieces of about this size: one gzip member each (see below). */
const PIECE_BYTES = 256 * 1024

/** JSON.stringify's escape of each byte below 0x20 (and of `"` and `\`), as bytes; null: as it is. */
const ESCAPES: (Buffer | null)[] = Array.from({ length: 256 }, (_, byte) =>
  byte < 0x20 || byte === 0x22 || byte === 0x5c ? Buffer.from(JSON.stringify(String.fromCharCode(byte)).slice(1, -1)) : null,
)
/** The longest escape (`\u001f`): a row of n bytes takes at most this many times n, plus quotes and newline. */
const WIDEST_ESCAPE = 6

/** The file is a series of gzip members, one per piece of lines, which gunzip reads as one stream (decision 177). */
export async function createArchiveWriter(file: string, header: ArchiveHeader): Promise<ArchiveWriter> {
  const target = path.resolve(file)
  await fs.mkdir(path.dirname(target), { recursive: true })
  const partial = partialName(target)
  const handle = await fs.open(partial, 'w', 0o600)
  const hash = createHash('sha256')
  const piece = Buffer.allocUnsafe(PIECE_BYTES)
  let used = 0
  let lines = 0

  /** Hashes and compresses `bytes` (whole lines), for the file. */
  function compress(bytes: Buffer): Buffer {
    hash.update(bytes)
    return gzipSync(bytes, { level: 3 })
  }

  /** The piece's lines, compressed; the piece is empty after. */
  function takePiece(ready: Buffer[]): void {
    if (used === 0) return
    ready.push(compress(piece.subarray(0, used)))
    used = 0
  }

  /** Writes `text` (UTF-8) as a JSON string line into `into` at `at`; returns where it ends. */
  function encodeString(text: Buffer, start: number, end: number, into: Buffer, at: number): number {
    into[at++] = 0x22
    let plain = start
    for (let i = start; i < end; i += 1) {
      const escaped = ESCAPES[text[i]!]
      if (escaped === null || escaped === undefined) continue
      text.copy(into, at, plain, i)
      at += i - plain
      escaped.copy(into, at)
      at += escaped.length
      plain = i + 1
    }
    text.copy(into, at, plain, end)
    at += end - plain
    into[at++] = 0x22
    into[at++] = 0x0a
    return at
  }

  async function write(ready: Buffer[]): Promise<void> {
    if (ready.length > 0) await handle.writev(ready)
  }

  async function add(json: string): Promise<void> {
    lines += 1
    const ready: Buffer[] = []
    const bytes = Buffer.byteLength(json) + 1
    if (bytes > PIECE_BYTES - used) takePiece(ready)
    if (bytes > PIECE_BYTES) {
      // A line longer than a piece (an image) is a piece of its own.
      ready.push(compress(Buffer.from(`${json}\n`)))
    } else {
      used += piece.write(json, used)
      piece[used++] = 0x0a
    }
    await write(ready)
  }

  const writer: ArchiveWriter = {
    line: (value) => add(JSON.stringify(value)),
    async stringLines({ bytes, bounds, count }) {
      const ready: Buffer[] = []
      for (let i = 0; i < count; i += 1) {
        const start = bounds[2 * i]!
        const end = bounds[2 * i + 1]!
        const most = (end - start) * WIDEST_ESCAPE + 3
        lines += 1
        if (most > PIECE_BYTES - used) takePiece(ready)
        if (most > PIECE_BYTES) {
          const line = Buffer.allocUnsafe(most)
          ready.push(compress(line.subarray(0, encodeString(bytes, start, end, line, 0))))
        } else {
          used = encodeString(bytes, start, end, piece, used)
        }
      }
      if (used >= PIECE_BYTES - 1024) takePiece(ready)
      await write(ready)
    },
    async finish() {
      const ready: Buffer[] = []
      takePiece(ready)
      await write(ready)
      const trailer: ArchiveTrailer = { end: true, lines, sha256: hash.digest('hex') }
      await handle.write(gzipSync(`${JSON.stringify(trailer)}\n`, { level: 3 }))
      await handle.sync()
      await handle.close()
      await fs.rename(partial, target)
      // The rename itself is durable only once the folder is flushed.
      const dir = await fs.open(path.dirname(target), 'r')
      try {
        await dir.sync()
      } finally {
        await dir.close()
      }
      return { bytes: (await fs.stat(target)).size }
    },
    async abort() {
      await handle.close().catch(() => {})
      await fs.rm(partial, { force: true })
    },
  }
  await writer.line(header)
  return writer
}

function zlibError(error: NodeJS.ErrnoException): ArchiveError {
  if (error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)) {
    return new ArchiveError('truncated', 'the archive is truncated (it ends before its last line)')
  }
  return new ArchiveError('corrupt', `the archive is damaged (${error.code ?? 'gzip error'})`)
}

/** Reads every line after the header, checking format, trailer and checksum; without `onLine` it only verifies. */
export async function readArchive(
  file: string,
  onLine?: (value: unknown) => Promise<void> | void,
): Promise<{ header: ArchiveHeader; trailer: ArchiveTrailer }> {
  try {
    await fs.access(file)
  } catch {
    throw new ArchiveError('missing', `no archive at ${file}`)
  }
  const gunzip = createGunzip()
  let streamError: ArchiveError | null = null
  const input = createReadStream(file)
  input.on('error', (error) => (streamError ??= new ArchiveError('missing', error.message)))
  gunzip.on('error', (error) => (streamError ??= zlibError(error)))
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY })
  const hash = createHash('sha256')
  let header: ArchiveHeader | null = null
  let trailer: ArchiveTrailer | null = null
  let count = 0
  try {
    for await (const text of lines) {
      if (streamError) break
      if (trailer) throw new ArchiveError('corrupt', 'the archive has data after its last line')
      // A check alone skips parsing rows (JSON strings): the checksum vouches for them.
      if (!onLine && header && !text.startsWith('{')) {
        hash.update(`${text}\n`)
        count += 1
        continue
      }
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw new ArchiveError(header ? 'corrupt' : 'not-an-archive', `line ${count + 1} of the archive is damaged`)
      }
      if (!header) {
        header = checkHeader(value)
      } else if (isTrailer(value)) {
        trailer = value
        continue
      } else if (onLine) {
        await onLine(value)
      }
      hash.update(`${text}\n`)
      count += 1
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw zlibError(error as NodeJS.ErrnoException)
    throw streamError ?? error
  } finally {
    lines.close()
    input.destroy()
  }
  if (streamError) throw streamError
  if (!header) throw new ArchiveError('not-an-archive', 'the file is empty or not a backup archive')
  if (!trailer) throw new ArchiveError('truncated', 'the archive is truncated (it ends before its last line)')
  if (trailer.lines !== count || trailer.sha256 !== hash.digest('hex')) {
    throw new ArchiveError('corrupt', 'the archive is damaged (its checksum does not match)')
  }
  return { header, trailer }
}

/** The header alone, for what a restore must know first; readArchive checks the rest as rows load. */
export async function readArchiveHeader(file: string): Promise<ArchiveHeader> {
  try {
    await fs.access(file)
  } catch {
    throw new ArchiveError('missing', `no archive at ${file}`)
  }
  const gunzip = createGunzip()
  const input = createReadStream(file)
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY })
  let failure: ArchiveError | null = null
  input.on('error', (error) => (failure ??= new ArchiveError('missing', error.message)))
  gunzip.on('error', (error) => (failure ??= zlibError(error)))
  try {
    for await (const text of lines) {
      try {
        return checkHeader(JSON.parse(text))
      } catch (error) {
        if (error instanceof ArchiveError) throw error
        throw new ArchiveError('not-an-archive', 'the file is not a backup archive of this site')
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error
    throw failure ?? zlibError(error as NodeJS.ErrnoException)
  } finally {
    lines.close()
    input.destroy()
  }
  throw failure ?? new ArchiveError('not-an-archive', 'the file is empty or not a backup archive')
}

function checkHeader(value: unknown): ArchiveHeader {
  const header = value as Partial<ArchiveHeader> | null
  if (!header || header.format !== ARCHIVE_FORMAT || typeof header.version !== 'number') {
    throw new ArchiveError('not-an-archive', 'the file is not a backup archive of this site')
  }
  if (header.version > ARCHIVE_VERSION) {
    throw new ArchiveError(
      'newer-format',
      `the archive has format ${header.version}; this version reads up to ${ARCHIVE_VERSION}: update the site first`,
    )
  }
  return header as ArchiveHeader
}

function isTrailer(value: unknown): value is ArchiveTrailer {
  return typeof value === 'object' && value !== null && (value as { end?: unknown }).end === true
}
