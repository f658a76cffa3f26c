import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from '../../bench/lib/server.mjs'
import { freePort, portIsFree } from './server-process.mjs'

// A stand-in for a build: <dir>/server/index.mjs answers every request on $PORT.
const build = mkdtempSync(join(tmpdir(), 'server-process-'))
mkdirSync(join(build, 'server'))
writeFileSync(
  join(build, 'server/index.mjs'),
  `import { createServer } from 'node:http'
createServer((_, res) => res.end('up')).listen(Number(process.env.PORT), '127.0.0.1')
`,
)
afterAll(() => rmSync(build, { recursive: true, force: true }))

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 100))
  }
  return true
}

describe('the servers scripts start', () => {
  it('portIsFree tells a taken port from a free one', async () => {
    const port = await freePort()
    expect(await portIsFree(port)).toBe(true)
    const other = createServer().listen(port, '127.0.0.1')
    await new Promise((r) => other.once('listening', r))
    try {
      expect(await portIsFree(port)).toBe(false)
    } finally {
      other.close()
    }
  })

  it('the bench refuses a port another process answers on, instead of measuring that process', async () => {
    const port = await freePort()
    const other = createServer().listen(port, '127.0.0.1')
    await new Promise((r) => other.once('listening', r))
    try {
      await expect(startServer({ outputDir: build, port })).rejects.toThrow(`Port ${port} of 127.0.0.1 is taken`)
    } finally {
      other.close()
    }
  })

  it('a script that dies of an uncaught error takes its server with it', async () => {
    const port = await freePort()
    const script = `import { spawnServer } from ${JSON.stringify(join(process.cwd(), 'scripts/lib/server-process.mjs'))}
const server = spawnServer({ outputDir: ${JSON.stringify(build)}, env: { ...process.env, PORT: '${port}' } })
await server.waitUntilUp({ url: 'http://127.0.0.1:${port}/' })
console.log('up')
throw new Error('the script fails')
`
    const run = promisify(execFile)(process.execPath, ['--input-type=module', '-e', script])
    await expect(run).rejects.toMatchObject({ stdout: 'up\n', stderr: expect.stringContaining('the script fails') })
    // The server was up when the script died; its port is free again soon after, nobody else ended it.
    expect(await until(() => portIsFree(port))).toBe(true)
  })
})
