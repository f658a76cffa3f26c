/** One process per data folder: PGlite has no locking of its own, and two processes writing the same
 * files would corrupt the database. The lock file holds the owner's PID so that a lock left behind
 * by a crashed process can be recognised and taken over. */
import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  readonly pid: number | null
  readonly dataDir: string
  constructor(pid: number | null, dataDir: string) {
    const lockFile = path.join(dataDir, '.lock')
    let message: string
    if (pid !== process.pid) {
      message =
        `Another process (PID ${pid ?? 'unknown'}) is using DATA_DIR ${dataDir}. Only one server or admin ` +
        `command may use a data folder at a time: stop the other one first (if no such process exists, delete ${lockFile}).`
    } else if (heldHere().has(dataDir)) {
      message = `This process (PID ${pid}) already has DATA_DIR ${dataDir} open: close that backend first.`
    } else {
      // A worker thread of this process holds it, or held it and was terminated without closing
      // (Nitro's dev server runs the app in a worker it can restart).
      message =
        `Another thread of this process (PID ${pid}) holds DATA_DIR ${dataDir}, perhaps a restarted ` +
        `dev-server worker. Restart the server (if nothing else uses the folder, delete ${lockFile}).`
    }
    super(message)
    this.pid = pid
    this.dataDir = dataDir
  }
}

/** Folders locked by this thread (a worker thread has its own globalThis, hence its own set). */
function heldHere(): Set<string> {
  const key = Symbol.for('pusula.dataDirLocks')
  const scope = globalThis as { [key]?: Set<string> }
  scope[key] ??= new Set()
  return scope[key]
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  const dir = path.resolve(dataDir)
  const file = path.join(dir, '.lock')
  fs.mkdirSync(dir, { recursive: true })
  // Two rounds: the second one runs after removing a stale lock (or one that was just released).
  for (let round = 0; round < 2; round++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      heldHere().add(dir)
      return () => {
        heldHere().delete(dir)
        release(file)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = readPid(file)
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(owner, dir)
    // An empty, fresh file is a lock being written right now by another process, not a stale one.
    if (owner === null && isFresh(file)) throw new DataDirLockedError(null, dir)
    fs.rmSync(file, { force: true })
  }
  // Someone else took over the stale lock between our removal and our write.
  throw new DataDirLockedError(readPid(file), dir)
}

function isFresh(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 5_000
  } catch {
    return false
  }
}

function release(file: string): void {
  // Only remove the lock if it is still ours (never another process's after a takeover).
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true })
}
