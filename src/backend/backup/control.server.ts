/** How `npm run backup` reaches a running embedded server, whose data folder no other process may
 * open (decision 100): a Unix socket in DATA_DIR, its owner's only, one line each way. */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { BackupSummary } from './write-archive.server'

export const SOCKET_NAME = 'backup.sock'
/** sun_path holds 108 bytes with its terminating zero. */
const MAX_SOCKET_PATH = 107

type Answer = { ok: true; summary: BackupSummary } | { ok: false; error: string }

export function socketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME)
}

export function serveBackupRequests(
  dataDir: string,
  backup: (file: string) => Promise<BackupSummary>,
  log: (message: string) => void,
): { close(): Promise<void> } | null {
  const file = socketPath(dataDir)
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log(`[backup] DATA_DIR is too long a path for ${SOCKET_NAME}: npm run backup needs the server stopped`)
    return null
  }
  // Left by a server that was killed: this process holds the data folder's lock, so it is stale.
  fs.rmSync(file, { force: true })
  const server = net.createServer((socket) => {
    let input = ''
    socket.setEncoding('utf8')
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      input += chunk
      const end = input.indexOf('\n')
      if (end < 0) return
      let answer: Promise<Answer>
      try {
        const request = JSON.parse(input.slice(0, end)) as { file?: unknown }
        if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) throw new Error('bad request')
        answer = backup(request.file).then(
          (summary) => ({ ok: true, summary }),
          (error: Error) => ({ ok: false, error: error.message }),
        )
      } catch {
        answer = Promise.resolve({ ok: false, error: 'bad request' })
      }
      void answer.then((value) => socket.end(`${JSON.stringify(value)}\n`))
    })
  })
  // Created owner-only (a chmod after listen would leave a window): the umask is narrowed for listen() only.
  const umask = process.umask(0o177)
  try {
    server.listen(file)
  } finally {
    process.umask(umask)
  }
  server.unref()
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        fs.rmSync(file, { force: true })
      }),
  }
}

/** Asks the server of `dataDir` to write `file`; null when no server listens there. */
export function requestBackup(dataDir: string, file: string): Promise<BackupSummary | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath(dataDir))
    let output = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify({ file })}\n`))
    socket.on('data', (chunk) => {
      output += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
    socket.on('end', () => {
      try {
        const answer = JSON.parse(output) as Answer
        if (answer.ok) resolve({ ...answer.summary, takenAt: new Date(answer.summary.takenAt) })
        else reject(new Error(answer.error))
      } catch {
        reject(new Error('the server ended the backup without an answer'))
      }
    })
  })
}
