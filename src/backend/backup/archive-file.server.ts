/**
 * The backup archive on disk: gzip (in members) of one JSON value per line, a header first and a trailer last
 * holding the SHA-256 of every line before it. Written under a temporary name, flushed, then
 * renamed, so a file with the final name is always complete; a truncated or altered file fails
 * the gzip CRC, the trailer or the checksum. See docs/backups.md for the lines.
 */
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
  /** The deployment mode it was taken from. */
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
  /** A line already in JSON (a row as the database encoded it), written as it is. */
  jsonLine(json: string): Promise<void>
  /** Lines already in JSON, as UTF-8 bytes (copied: the caller may reuse them). */
  jsonLines(lines: ColumnBytes): Promise<void>
  /** Writes the trailer, flushes the file to disk and gives it its final name. */
  finish(): Promise<{ bytes: number }>
  /** Removes the partial file (after a failure). */
  abort(): Promise<void>
}

/** Lines are compressed in pieces of about this size: one gzip member each (see below). */
const PIECE_BYTES = 256 * 1024
const NEWLINE = Buffer.from('\n')

/**
 * The file is a series of gzip members, one per piece of lines, which gunzip reads as one
 * stream. Each piece is compressed synchronously (a few milliseconds) rather than through a
 * zlib stream: in the embedded server the database also runs on the main thread, and a
 * stream's many small thread-pool round trips each waited behind a request (a backup under
 * load took minutes). Lines are encoded straight into one reused buffer, which is what is
 * hashed and compressed: a backup runs inside the server, whose memory it should not grow
 * with strings made and dropped for every row (decision 177).
 */
export async function createArchiveWriter(file: string, header: ArchiveHeader): Promise<ArchiveWriter> {
  const target = path.resolve(file)
  await fs.mkdir(path.dirname(target), { recursive: true })
  const partial = partialName(target)
  const handle = await fs.open(partial, 'w', 0o600)
  const hash = createHash('sha256')
  const piece = Buffer.allocUnsafe(PIECE_BYTES)
  let used = 0
  let lines = 0

  async function compress(bytes: Buffer): Promise<void> {
    hash.update(bytes)
    await handle.write(gzipSync(bytes, { level: 3 }))
  }

  function compressPiece(): Buffer {
    const bytes = piece.subarray(0, used)
    used = 0
    hash.update(bytes)
    return gzipSync(bytes, { level: 3 })
  }

  async function flush(): Promise<void> {
    if (used > 0) await handle.write(compressPiece())
  }

  async function add(json: string): Promise<void> {
    lines += 1
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit: a line that surely fits is
    // written without measuring it first.
    const most = json.length * 3 + 1
    if (most > PIECE_BYTES - used && Buffer.byteLength(json) + 1 > PIECE_BYTES - used) {
      await flush()
      // A line longer than a piece (an image) is a piece of its own.
      if (most > PIECE_BYTES && Buffer.byteLength(json) + 1 > PIECE_BYTES) {
        await compress(Buffer.from(`${json}\n`))
        return
      }
    }
    used += piece.write(json, used)
    piece[used++] = 0x0a
    if (used >= PIECE_BYTES - 1024) await flush()
  }

  /** Copies lines into pieces without waiting; the full pieces are compressed into `ready`. */
  function addLines({ bytes, bounds, count }: ColumnBytes, ready: Buffer[]): void {
    for (let i = 0; i < count; i += 1) {
      const start = bounds[2 * i]!
      const size = bounds[2 * i + 1]! - start
      lines += 1
      if (size + 1 > PIECE_BYTES - used) {
        if (used > 0) ready.push(compressPiece())
        if (size + 1 > PIECE_BYTES) {
          const line = Buffer.concat([bytes.subarray(start, start + size), NEWLINE])
          hash.update(line)
          ready.push(gzipSync(line, { level: 3 }))
          continue
        }
      }
      bytes.copy(piece, used, start, start + size)
      used += size
      piece[used++] = 0x0a
      if (used >= PIECE_BYTES - 1024) ready.push(compressPiece())
    }
  }

  const writer: ArchiveWriter = {
    line: (value) => add(JSON.stringify(value)),
    jsonLine: add,
    async jsonLines(batch) {
      const ready: Buffer[] = []
      addLines(batch, ready)
      if (ready.length > 0) await handle.writev(ready)
    },
    async finish() {
      await flush()
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

/**
 * Reads every line after the header, in order, checking the format, the trailer and the checksum;
 * throws ArchiveError (after `onLine` saw some lines) when any check fails. Run it once with no
 * `onLine` to verify a file before changing anything.
 */
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
      // A check alone parses only the lines that are objects (the header, sections, images, the
      // trailer): a row is a JSON string, and the checksum vouches for it.
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

/**
 * The header alone (the first line), for what must be known before a restore starts; it checks
 * nothing else: readArchive does, as the rows load.
 */
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
