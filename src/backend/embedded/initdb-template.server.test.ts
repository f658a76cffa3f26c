import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INITDB_TEMPLATE_FILE, initdbTemplateFor } from './initdb-template.server'

describe('initdbTemplateFor', () => {
  let root: string
  let serverDir: string
  let pgdata: string
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'initdb-template-'))
    serverDir = path.join(root, 'server')
    pgdata = path.join(root, 'data', 'db')
    fs.mkdirSync(serverDir)
  })
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  it('gives the built template, gzip-typed, for a folder without a cluster', async () => {
    fs.writeFileSync(path.join(serverDir, INITDB_TEMPLATE_FILE), 'dump')
    const blob = await initdbTemplateFor(pgdata, serverDir)
    expect(blob?.type).toBe('application/gzip')
    expect(await blob?.text()).toBe('dump')
  })

  it('gives nothing when the folder holds a cluster already: PGlite resumes it', async () => {
    fs.writeFileSync(path.join(serverDir, INITDB_TEMPLATE_FILE), 'dump')
    fs.mkdirSync(pgdata, { recursive: true })
    fs.writeFileSync(path.join(pgdata, 'PG_VERSION'), '17\n')
    expect(await initdbTemplateFor(pgdata, serverDir)).toBeUndefined()
  })

  it('gives nothing without a built template or outside the built server: PGlite runs initdb', async () => {
    expect(await initdbTemplateFor(pgdata, serverDir)).toBeUndefined()
    // Vitest is not Nitro's server: no entry, no template.
    expect(await initdbTemplateFor(pgdata)).toBeUndefined()
  })
})
