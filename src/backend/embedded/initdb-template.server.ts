/**
 * The empty cluster the production build ships beside the server (scripts/build-db-template.mjs):
 * a new data folder is unpacked from it instead of made by PGlite's initdb, which holds a second
 * PostgreSQL instance and a copy of its whole memory while it runs, about 300 MB more at the
 * server's peak (docs/decisions/174-server-memory.md). Tools, tests and the dev server have no
 * such file and run initdb as before.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { createGunzip } from 'node:zlib'

export const INITDB_TEMPLATE_FILE = 'pglite-initdb.tar.gz'

/** Where Nitro's server entry is (it sets this global first thing); undefined outside the built server. */
function serverEntryDir(): string | undefined {
  const main = (globalThis as { __nitro_main__?: unknown }).__nitro_main__
  return typeof main === 'string' && main.startsWith('file:') ? path.dirname(fileURLToPath(main)) : undefined
}

/**
 * Unpacks the built template into `pgdata` (PGlite's data folder) when that folder does not exist
 * yet and this process is the built server; then PGlite finds a cluster and resumes it. Returns
 * whether it did. The files are streamed to `<pgdata>.partial` and the folder renamed at the end:
 * a start cut short leaves no half cluster, and never more than a few blocks are in memory (PGlite's
 * own `loadDataDir` holds the whole 40 MB archive, unpacked, at once).
 */
export async function unpackInitdbTemplate(pgdata: string, serverDir = serverEntryDir()): Promise<boolean> {
  if (!serverDir || fs.existsSync(pgdata)) return false
  const file = path.join(serverDir, INITDB_TEMPLATE_FILE)
  if (!fs.existsSync(file)) return false
  const partial = `${pgdata}.partial`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial, { recursive: true })
  await pipeline(fs.createReadStream(file), createGunzip(), (chunks: AsyncIterable<Buffer>) => untar(chunks, partial))
  fs.renameSync(partial, pgdata)
  return true
}

const BLOCK = 512

/** A tar entry's path inside `root`, refusing anything that would leave it. */
function entryPath(root: string, name: string): string {
  const relative = path.posix.normalize(name.replace(/^\/+/, ''))
  if (relative.startsWith('..') || path.posix.isAbsolute(relative))
    throw new Error(`Unsafe path in the database template: ${name}`)
  return path.join(root, relative)
}

/** The ustar/v7 archive PGlite's dumpDataDir writes: directories and regular files only. */
async function untar(chunks: AsyncIterable<Buffer>, root: string): Promise<void> {
  let pending: Buffer = Buffer.alloc(0)
  let file: { fd: number; left: number } | undefined
  let skip = 0
  for await (const chunk of chunks) {
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk
    let at = 0
    for (;;) {
      if (file) {
        const take = Math.min(file.left, pending.length - at)
        fs.writeSync(file.fd, pending, at, take)
        at += take
        file.left -= take
        if (file.left > 0) break
        fs.closeSync(file.fd)
        file = undefined
        continue
      }
      if (skip > 0) {
        const take = Math.min(skip, pending.length - at)
        at += take
        skip -= take
        if (skip > 0) break
        continue
      }
      if (pending.length - at < BLOCK) break
      const header = pending.subarray(at, at + BLOCK)
      at += BLOCK
      if (header.every((byte) => byte === 0)) continue // the end-of-archive blocks
      const field = (start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0.*$/s, '')
      const prefix = field(257, 6) === 'ustar' ? field(345, 155) : ''
      const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)
      const size = Number.parseInt(field(124, 12).trim() || '0', 8)
      const type = field(156, 1) || '0'
      const target = entryPath(root, name)
      if (type === '5') {
        fs.mkdirSync(target, { recursive: true })
      } else if (type === '0') {
        fs.mkdirSync(path.dirname(target), { recursive: true })
        file = { fd: fs.openSync(target, 'w', 0o600), left: size }
        skip = (BLOCK - (size % BLOCK)) % BLOCK
        if (size === 0) {
          fs.closeSync(file.fd)
          file = undefined
        }
      } else {
        throw new Error(`Unexpected entry type ${type} in the database template: ${name}`)
      }
    }
    pending = pending.subarray(at)
  }
  if (file) throw new Error('The database template ends inside a file')
}
