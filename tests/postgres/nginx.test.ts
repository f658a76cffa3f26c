/**
 * The documented nginx example (docs/deployment.md, linked from the README), as a new user would
 * paste it (the block is read from that page, so the two cannot drift): Debian's nginx with TLS (a
 * certificate made here with openssl) in front of two production servers on one PostgreSQL 17
 * database, TRUST_PROXY=1, SITE_URL=https://….
 * Everything goes through nginx, as a browser that sends Origin but no Sec-Fetch-Site (Safari
 * before 16.4) would: a designer's 4.3 MB banner, sign-in, the live inbox, the live banner, also
 * after 70 s without an event, CSRF, a forged X-Forwarded-For; then one server is killed with
 * SIGKILL and the site goes on through the other. The 70 s wait runs beside the other checks.
 */
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { type AppServer, cookiesFrom, startAppServer } from '../integration/app-server'
import { INTEGRATION_OUTPUT_DIR } from '../integration/build'
import { findBuiltServerFns } from '../integration/server-functions'
import { photoBannerPng } from '../support/photo-banner'
import { type PlainDatabase, createPlainDatabase } from '../support/test-database'
import { type EventStream, openEventStream } from './event-stream'

const ADMIN = 'nginx-admin@example.com'
/** Signs in after the kill: the first admin's next code is still within its resend interval. */
const SECOND = 'nginx-second@example.com'
const IDLE_MS = 70_000

const DOCUMENTED_IN = 'docs/deployment.md'

/** The ```nginx block of docs/deployment.md's "Behind a reverse proxy". */
function documentedNginxBlock(): string {
  const page = readFileSync(DOCUMENTED_IN, 'utf8')
  const section = page.slice(page.indexOf('### Behind a reverse proxy'))
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error(`${DOCUMENTED_IN} has no \`\`\`nginx block under "Behind a reverse proxy"`)
  return block
}

/** Replaces `from` (which must be in the block exactly once: a changed page fails here, loudly). */
function substitute(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1
  if (count !== 1) throw new Error(`${DOCUMENTED_IN} nginx block: expected "${from}" once, found it ${count} times`)
  return text.replace(from, to)
}

const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [`${fn.file.split('/').at(-1)}#${fn.name}`, fn.id]))

let dir: string
let database: PlainDatabase
let servers: AppServer[] = []
let nginx: ReturnType<typeof spawn> | undefined
let nginxLog = ''
let site = ''
let agent: https.Agent

/** fetch through nginx over TLS, trusting the test's certificate, with exactly the headers given. */
function tlsFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init.headers))
    const request = https.request(
      url,
      { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined },
      (res) => {
        const answer = new Headers()
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
        const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD'
        resolve(
          new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status: res.statusCode,
            headers: answer,
          }),
        )
      },
    )
    request.on('error', reject)
    if (init.body instanceof Uint8Array || typeof init.body === 'string') request.end(init.body)
    else request.end()
  })
}

/** A server function called as Safari 15 calls it: Origin, no Sec-Fetch-Site. */
async function call(
  fn: string,
  options: { method: 'GET' | 'POST'; data?: unknown; cookie?: string; headers?: Record<string, string> },
): Promise<Response> {
  const id = fnIds.get(fn)
  if (!id) throw new Error(`${fn} is not in the production build`)
  const url = new URL(`/_serverFn/${id}`, site)
  const headers: Record<string, string> = {
    'x-tsr-serverfn': 'true',
    origin: site,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  }
  const payload = options.data === undefined ? undefined : JSON.stringify(await toJSONAsync({ data: options.data }))
  if (options.method === 'GET') {
    if (payload) url.searchParams.set('payload', payload)
    return tlsFetch(url.toString(), { headers })
  }
  if (payload) headers['content-type'] = 'application/json'
  return tlsFetch(url.toString(), { method: 'POST', headers, body: payload })
}

/** The newest sign-in code mailed to `to`, from whichever server's outbox got it. */
function latestCode(to: string): string {
  const mails = servers
    .flatMap((server) => {
      try {
        return readFileSync(join(server.dataDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean)
      } catch {
        return []
      }
    })
    .map((line) => JSON.parse(line) as { to: string; text: string; kind?: string; sentAt: string })
    .filter((mail) => mail.to === to && (mail.kind ?? 'sign_in_code') === 'sign_in_code')
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
  const code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No sign-in code was mailed to ${to}`)
  return code
}

async function signIn(email: string): Promise<string> {
  const sent = await call('auth.functions.ts#sendLoginCode', { method: 'POST', data: { email } })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const verified = await call('auth.functions.ts#verifyLoginCode', {
    method: 'POST',
    data: { email, code: latestCode(email) },
    cookie: cookiesFrom(sent),
  })
  expect(verified.status, await verified.clone().text()).toBe(200)
  const cookie = cookiesFrom(verified)
  expect(cookie).toMatch(/session=/)
  return cookie
}

const bannerStream = (key: 'tr-banner' | 'en-banner') => openEventStream(`${site}/api/banner-events?key=${key}`, {}, tlsFetch)

/** Saves `key`'s image; the other banner goes back to its default (every save announces both keys). */
async function saveBanner(cookie: string, key: 'tr-banner' | 'en-banner', imageUrl: string): Promise<void> {
  const other = key === 'tr-banner' ? 'en-banner' : 'tr-banner'
  const saved = await call('banners.functions.ts#saveBanners', {
    method: 'POST',
    cookie,
    data: { [key]: { imageUrl }, [other]: { imageUrl: '' } },
  })
  expect(saved.status, await saved.clone().text()).toBe(200)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pusula-nginx-'))
  // Workers run as nobody when the test runs as root: they write request bodies here.
  chmodSync(dir, 0o755)
  mkdirSync(join(dir, 'temp'))
  chmodSync(join(dir, 'temp'), 0o777)
  const [port, dataA, dataB] = [await freePort(), mkdtempSync(join(dir, 'a-')), mkdtempSync(join(dir, 'b-'))]
  site = `https://localhost:${port}`
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  agent = new https.Agent({ ca: readFileSync(join(dir, 'cert.pem')), keepAlive: true })

  database = await createPlainDatabase()
  const env = { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: `${ADMIN},${SECOND}`, TRUST_PROXY: '1', SITE_URL: site }
  const started = await Promise.allSettled([dataA, dataB].map((dataDir) => startAppServer({ dataDir, env })))
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  for (const result of started) if (result.status === 'rejected') throw result.reason

  let block = documentedNginxBlock()
  block = substitute(block, 'server 127.0.0.1:3000 ', `server ${new URL(servers[0]!.baseUrl).host} `)
  block = substitute(block, 'server 127.0.0.1:3001 ', `server ${new URL(servers[1]!.baseUrl).host} `)
  block = substitute(block, 'listen 443 ssl', `listen 127.0.0.1:${port} ssl`)
  block = substitute(block, '/etc/ssl/certs/www.example.com.pem', join(dir, 'cert.pem'))
  block = substitute(block, '/etc/ssl/private/www.example.com.key', join(dir, 'key.pem'))
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${block}
}
`,
  )
  nginx = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] })
  nginx.stdout?.on('data', (chunk) => (nginxLog += chunk))
  nginx.stderr?.on('data', (chunk) => (nginxLog += chunk))
  const deadline = Date.now() + 10_000
  for (;;) {
    const up = await tlsFetch(`${site}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${nginxLog}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 180_000)

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx?.once('exit', resolve))
    nginx.kill('SIGQUIT')
    await exited
  }
  agent?.destroy()
  await Promise.all(servers.map((server) => server.stop()))
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the documented nginx in front of two servers', () => {
  let cookie = ''

  it('serves everything a visitor and staff do, live updates after 70 s idle included', async () => {
    cookie = await signIn(ADMIN)
    // A designer's photo, 4.3 MB: nginx's default limit (1 MB) refused it with a 413.
    const png = await photoBannerPng()
    expect(png.byteLength).toBeGreaterThan(4 * 1024 * 1024)
    const form = new FormData()
    form.append('key', 'tr-banner')
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png')
    const encoded = new Response(form)
    const uploaded = await tlsFetch(`${site}/api/banner-upload`, {
      method: 'POST',
      headers: { cookie, origin: site, 'content-type': encoded.headers.get('content-type') ?? '' },
      body: new Uint8Array(await encoded.arrayBuffer()),
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const served = await tlsFetch(`${site}${url}`)
    expect(served.status).toBe(200)
    await served.body?.cancel()

    // The uploaded banner, saved, reaches an open landing page at once.
    const live = await bannerStream('tr-banner')
    try {
      await live.next((e) => e.event === 'snapshot', 5_000)
      await saveBanner(cookie, 'tr-banner', url)
      const change = await live.next((e) => e.event === 'banner', 5_000)
      expect(JSON.parse(change.data)).toMatchObject({ key: 'tr-banner', imageUrl: url })
    } finally {
      live.close()
    }

    // Watched from here on and left without an event for 70 s (only the server's heartbeats), while
    // the checks below run: none of them saves a banner.
    const idle = await bannerStream('en-banner')
    await idle.next((e) => e.event === 'snapshot', 5_000)
    const idleSince = Date.now()

    const others = (async () => {
      // A message sent while the inbox is open appears in it.
      const inbox = await openEventStream(`${site}/api/inbox-events`, { cookie }, tlsFetch)
      try {
        await inbox.next((e) => e.event === 'ready', 5_000)
        const sent = await call('contact.functions.ts#submitContactMessage', {
          method: 'POST',
          data: {
            name: 'Ece Safari',
            email: 'ece.safari@example.com',
            message: 'Merhaba, ERP seçimimiz için bir görüşme planlayabilir miyiz? iPhone ile gönderildi.',
            website: '',
          },
        })
        expect(sent.status, await sent.clone().text()).toBe(200)
        const change = await inbox.next((e) => e.event === 'inbox', 5_000)
        expect(JSON.parse(change.data)).toMatchObject({ op: 'insert', count: 1 })
      } finally {
        inbox.close()
      }

      // CSRF: Origin alone is compared with SITE_URL (https), not with the http:// URL the server sees.
      const foreign = await call('contact.functions.ts#submitContactMessage', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        data: { name: 'Mallory', email: 'm@evil.example', message: 'A post from another site.', website: '' },
      })
      expect(foreign.status).toBe(403)
      const foreignUpload = await tlsFetch(`${site}/api/banner-upload`, {
        method: 'POST',
        headers: { cookie, origin: `http://localhost:${new URL(site).port}`, 'content-type': 'text/plain' },
        body: 'x',
      })
      expect(foreignUpload.status).toBe(403)
      await foreignUpload.body?.cancel()

      // X-Forwarded-For written by the client changes nothing: every post counts for nginx's peer.
      const statuses: number[] = []
      for (let n = 0; n < LIMITS.rate.contactPerIp.max; n++) {
        const response = await call('contact.functions.ts#submitContactMessage', {
          method: 'POST',
          headers: { 'x-forwarded-for': `203.0.113.${n + 1}` },
          data: { name: 'Deniz Kaya', email: `deniz${n}@example.com`, message: `Forged address number ${n}.`, website: '' },
        })
        statuses.push(response.status)
        await response.body?.cancel()
      }
      // One post was made above from the same address: the window's last one is refused.
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      // The request id nginx made is the one the server logged, with the address nginx saw.
      const page = await tlsFetch(`${site}/en?utm_source=test`)
      expect(page.status).toBe(200)
      await page.body?.cancel()
      const requestId = page.headers.get('x-request-id')
      expect(requestId).toMatch(/^[0-9a-f]{32}$/)
      // The server writes its log asynchronously (after the answer, in batches of up to 50 ms):
      // the line is looked for until it arrives, as an operator tailing the log would see it.
      const findLine = () =>
        servers
          .flatMap((server) => server.log().split('\n'))
          .find((text) => text.includes(`"reqId":"${requestId}"`) && text.includes('"msg":"request"'))
      await expect.poll(findLine, { timeout: 5_000, message: 'the request line of the page' }).toBeTruthy()
      const line = findLine()
      expect(JSON.parse(line ?? '{}')).toMatchObject({ path: '/en', clientAddress: '127.0.0.1', status: 200 })
      expect(servers.map((server) => server.log()).join('')).not.toContain('203.0.113.')
    })()

    await others
    // No banner event for en-banner since the snapshot: the stream sat idle through nginx.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, IDLE_MS - (Date.now() - idleSince))))
    try {
      const imageUrl = `https://images.example.com/after-idle-${Date.now()}.jpg`
      await saveBanner(cookie, 'en-banner', imageUrl)
      const change = await idle.next((e) => e.event === 'banner', 5_000)
      expect(change.receivedAt - idleSince).toBeGreaterThanOrEqual(IDLE_MS)
      expect(JSON.parse(change.data)).toMatchObject({ key: 'en-banner', imageUrl })
    } finally {
      idle.close()
    }
  }, 180_000)

  it('goes on through the other server when one is killed', async () => {
    const streams: EventStream[] = []
    try {
      await servers[0]!.kill()
      for (let n = 0; n < 6; n++) {
        const page = await tlsFetch(`${site}/`)
        expect(page.status).toBe(200)
        await page.body?.cancel()
      }
      const second = await signIn(SECOND)
      // Opened after the kill: nginx sends each to the server alive.
      streams.push(await bannerStream('tr-banner'))
      await streams[0]!.next((e) => e.event === 'snapshot', 5_000)
      const imageUrl = `https://images.example.com/after-kill-${Date.now()}.jpg`
      await saveBanner(second, 'tr-banner', imageUrl)
      const change = await streams[0]!.next((e) => e.event === 'banner', 5_000)
      expect(JSON.parse(change.data)).toMatchObject({ key: 'tr-banner', imageUrl })
      const ready = await tlsFetch(`${site}/readyz`)
      expect(ready.status).toBe(200)
      await ready.body?.cancel()
    } finally {
      for (const stream of streams) stream.close()
    }
  }, 60_000)
})
