import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serveBackupRequests, socketPath } from './control.server'

describe('the backup control socket', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('is created readable and writable by its owner only, and leaves the process umask as it was', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pusula-control-'))
    dirs.push(dir)
    const before = process.umask()
    const control = serveBackupRequests(
      dir,
      async () => {
        throw new Error('not called')
      },
      () => {},
    )
    if (!control) throw new Error('the data folder path is too long for a socket')
    try {
      // The mode is the one the socket was bound with: checked at once, before any later chmod could run.
      expect(fs.statSync(socketPath(dir)).mode & 0o777).toBe(0o600)
      expect(process.umask()).toBe(before)
    } finally {
      await control.close()
    }
  })
})
