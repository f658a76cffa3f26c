/**
 * Runs the production build (tests/integration/build.ts) on a free port with a data folder of
 * its own, and calls its server functions the way the browser does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toJSONAsync } from 'seroval'
import { freePort, spawnServer } from '../../scripts/lib/server-process.mjs'
import { INTEGRATION_OUTPUT_DIR } from './build'

export interface AppServer {
  baseUrl: string
  dataDir: string
  /** Everything the server printed, for failure messages. */
  log: () => string
  stop: () => Promise<void>
  /** Ends the server at once (SIGKILL), as a crash or an OOM kill would. */
  kill: () => Promise<void>
}

export async function startAppServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<AppServer> {
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pusula-int-'))
  const baseUrl = `http://127.0.0.1:${port}`
  const server = spawnServer({
    outputDir: INTEGRATION_OUTPUT_DIR,
    name: 'server',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_EMAILS: 'false',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      ...options.env,
    },
    output: 'capture',
  })
  // Any answer will do: this waits for the port, not for a particular page.
  await server.waitUntilUp({ url: `${baseUrl}/admin/login` })

  return {
    baseUrl,
    dataDir,
    log: server.output,
    async kill() {
      server.child.kill('SIGKILL')
      await server.exited
    },
    async stop() {
      await server.stop()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface CallOptions {
  method: 'GET' | 'POST'
  data?: unknown
  cookie?: string
  /** Same-origin by default, as the browser's own calls are; an empty value drops a header. */
  headers?: Record<string, string>
  /** Each test case may pose as its own client address (the server trusts X-Forwarded-For). */
  ip?: string
}

/** Calls /_serverFn/<id> as Start's client does: seroval-encoded payload, x-tsr-serverfn header. */
export async function callServerFn(server: AppServer, id: string, options: CallOptions): Promise<Response> {
  const url = new URL(`/_serverFn/${id}`, server.baseUrl)
  const headers: Record<string, string> = {
    'x-tsr-serverfn': 'true',
    'sec-fetch-site': 'same-origin',
    origin: server.baseUrl,
    'x-forwarded-for': options.ip ?? '192.0.2.1',
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  }
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name]
  const payload = options.data === undefined ? undefined : JSON.stringify(await toJSONAsync({ data: options.data }))
  if (options.method === 'GET') {
    if (payload) url.searchParams.set('payload', payload)
    return fetch(url, { method: 'GET', headers, redirect: 'manual' })
  }
  if (payload) headers['content-type'] = 'application/json'
  return fetch(url, { method: 'POST', headers, body: payload, redirect: 'manual' })
}

/** The `name=value` pairs a response sets (ignoring cleared cookies), for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ')
}

/** The newest sign-in code mailed to `to` (the embedded backend's outbox). */
export function latestCode(dataDir: string, to: string): string {
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string; kind?: string })
    // New-message notifications go to admins too (docs/decisions/090-mail.md).
    .filter((mail) => mail.to === to && (mail.kind ?? 'sign_in_code') === 'sign_in_code')
  const code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No sign-in code was mailed to ${to}`)
  return code
}

/**
 * What a serialized server-function answer carries: every object key and string in the
 * seroval tree. An error answer must hold nothing beyond the AppError's four fields.
 */
export function serializedContent(body: string): { keys: Set<string>; strings: string[] } {
  const keys = new Set<string>()
  const strings: string[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const n = node as { t?: number; s?: unknown; p?: { k?: unknown[]; v?: unknown[] } }
    if (n.t === 1 && typeof n.s === 'string') strings.push(n.s)
    for (const key of n.p?.k ?? []) if (typeof key === 'string') keys.add(key)
    Object.values(node).forEach(walk)
  }
  walk(JSON.parse(body))
  return { keys, strings }
}

/** Production servers sharing one database, a data folder each (the postgres mode's scale-out); if one
 * fails to start, those started are stopped before the error is thrown. */
export async function startAppServers(dataDirs: readonly string[], env: Record<string, string>): Promise<AppServer[]> {
  const started = await Promise.allSettled(dataDirs.map((dataDir) => startAppServer({ dataDir, env })))
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopAppServers(servers, [])
    throw failed.reason
  }
  return servers
}

/** Stops the servers, then removes the data folders. */
export async function stopAppServers(servers: readonly AppServer[], dataDirs: readonly string[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()))
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}
