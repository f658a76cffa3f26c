import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INITDB_TEMPLATE_DIR, copyInitdbTemplate } from './initdb-template.server'

describe('copyInitdbTemplate', () => {
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

  function writeTemplate(files: Record<string, Buffer | string>) {
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(serverDir, INITDB_TEMPLATE_DIR, name)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, content)
    }
  }

  it('copies the built template into a new folder, byte for byte', async () => {
    const wal = Buffer.alloc(1_000_003, 7)
    writeTemplate({ PG_VERSION: '17\n', 'pg_wal/000000010000000000000001': wal, 'base/1/1259': 'pages', 'global/empty': '' })
    expect(await copyInitdbTemplate(pgdata, serverDir)).toBe(true)
    expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(fs.readFileSync(path.join(pgdata, 'pg_wal/000000010000000000000001')).equals(wal)).toBe(true)
    expect(fs.readFileSync(path.join(pgdata, 'base/1/1259'), 'utf8')).toBe('pages')
    expect(fs.readFileSync(path.join(pgdata, 'global/empty'), 'utf8')).toBe('')
    expect(fs.existsSync(`${pgdata}.partial`)).toBe(false)
  })

  it('replaces what an interrupted first start left half copied', async () => {
    writeTemplate({ PG_VERSION: '17\n' })
    fs.mkdirSync(`${pgdata}.partial`)
    fs.writeFileSync(path.join(`${pgdata}.partial`, 'stray'), 'x')
    expect(await copyInitdbTemplate(pgdata, serverDir)).toBe(true)
    expect(fs.readdirSync(pgdata)).toEqual(['PG_VERSION'])
  })

  it('leaves an existing folder to PGlite (it resumes the cluster, or runs initdb as before)', async () => {
    writeTemplate({ PG_VERSION: '17\n' })
    fs.mkdirSync(pgdata)
    expect(await copyInitdbTemplate(pgdata, serverDir)).toBe(false)
    expect(fs.readdirSync(pgdata)).toEqual([])
  })

  it('does nothing without a built template or outside the built server', async () => {
    expect(await copyInitdbTemplate(pgdata, serverDir)).toBe(false)
    // Vitest is not Nitro's server: no entry, no template.
    expect(await copyInitdbTemplate(pgdata)).toBe(false)
    expect(fs.existsSync(pgdata)).toBe(false)
  })
})
