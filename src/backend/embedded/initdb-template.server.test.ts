import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INITDB_TEMPLATE_FILE, unpackInitdbTemplate } from './initdb-template.server'

describe('unpackInitdbTemplate', () => {
  let root: string
  let serverDir: string
  let pgdata: string
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'initdb-template-'))
    serverDir = path.join(root, 'server')
    pgdata = path.join(root, 'data', 'db')
    fs.mkdirSync(serverDir)
    fs.mkdirSync(path.dirname(pgdata))
  })
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  /** A gzip tar made by the system's tar, as PGlite's dump is laid out (leading slashes, a big file). */
  function writeTemplate(files: Record<string, Buffer | string>) {
    const source = path.join(root, 'source')
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true })
      fs.writeFileSync(path.join(source, name), content)
    }
    const tar = execFileSync('tar', ['-c', '--format=ustar', '-C', source, '--transform', 's,^\\./,/,', '.'])
    fs.writeFileSync(path.join(serverDir, INITDB_TEMPLATE_FILE), gzipSync(tar))
  }

  it('unpacks the built template into a new folder, byte for byte', async () => {
    const wal = Buffer.alloc(1_000_003, 7)
    writeTemplate({ PG_VERSION: '17\n', 'pg_wal/000000010000000000000001': wal, 'base/1/1259': 'pages', 'global/empty': '' })
    expect(await unpackInitdbTemplate(pgdata, serverDir)).toBe(true)
    expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(fs.readFileSync(path.join(pgdata, 'pg_wal/000000010000000000000001')).equals(wal)).toBe(true)
    expect(fs.readFileSync(path.join(pgdata, 'base/1/1259'), 'utf8')).toBe('pages')
    expect(fs.readFileSync(path.join(pgdata, 'global/empty'), 'utf8')).toBe('')
    expect(fs.existsSync(`${pgdata}.partial`)).toBe(false)
  })

  it('leaves an existing folder to PGlite (it resumes the cluster, or runs initdb as before)', async () => {
    writeTemplate({ PG_VERSION: '17\n' })
    fs.mkdirSync(pgdata)
    expect(await unpackInitdbTemplate(pgdata, serverDir)).toBe(false)
    expect(fs.readdirSync(pgdata)).toEqual([])
  })

  it('does nothing without a built template or outside the built server', async () => {
    expect(await unpackInitdbTemplate(pgdata, serverDir)).toBe(false)
    // Vitest is not Nitro's server: no entry, no template.
    expect(await unpackInitdbTemplate(pgdata)).toBe(false)
    expect(fs.existsSync(pgdata)).toBe(false)
  })

  it('refuses an archive whose paths leave the folder, and leaves no cluster behind', async () => {
    const header = Buffer.alloc(512)
    header.write('../outside', 0, 'latin1')
    header.write('0000644\0', 100, 'latin1')
    header.write('00000000000\0', 124, 'latin1')
    header.write('0', 156, 'latin1')
    fs.writeFileSync(path.join(serverDir, INITDB_TEMPLATE_FILE), gzipSync(Buffer.concat([header, Buffer.alloc(1024)])))
    await expect(unpackInitdbTemplate(pgdata, serverDir)).rejects.toThrow(/Unsafe path/)
    expect(fs.existsSync(pgdata)).toBe(false)
    expect(fs.existsSync(path.join(root, 'data', 'outside'))).toBe(false)
  })
})
