// The content editor's scale-out target (docs/performance.md): two production servers in the
// postgres mode on one PostgreSQL 17 database; an admin publishes through A 20 times, each with a
// new Turkish about title, and B's `/` (its page cache warm) is polled until it shows the title.
// Time is counted from sending the publish, as the admin's click on 'Yayınla' would.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { startPostgres } from '../lib/postgres.mjs'
import { callServerFn, functionId } from '../lib/server-functions.mjs'
import { startServer } from '../lib/server.mjs'

const PUBLISHES = 20
const TARGET_P95_MS = 1_000
const POLL_MS = 20
/** Past this a publish counts as never seen (and the run fails). */
const GIVE_UP_MS = 10_000
const ADMIN = 'content-bench@example.com'

function log(message) {
  console.log(`[bench-content] ${message}`)
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Signs ADMIN in through `server` as the login page does; returns the cookie header. */
async function signIn(server, dataDir, ids) {
  await callServerFn(server, ids.sendLoginCode, { method: 'POST', data: { email: ADMIN } })
  const code = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((mail) => mail.to === ADMIN && (mail.kind ?? 'sign_in_code') === 'sign_in_code')
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no sign-in code was mailed to ${ADMIN}`)
  const { res } = await callServerFn(server, ids.verifyLoginCode, { method: 'POST', data: { email: ADMIN, code } })
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ')
  if (!cookie.includes('session=')) throw new Error('the sign-in set no session cookie')
  return cookie
}

/** Polls `url` every POLL_MS until its page contains `text`; the time it was seen (performance.now()), or null. */
async function waitForText(url, text, since) {
  while (performance.now() - since < GIVE_UP_MS) {
    const res = await fetch(url)
    const html = await res.text()
    if (res.ok && html.includes(text)) return performance.now()
    await sleep(POLL_MS)
  }
  return null
}

export async function benchContent({ outputDir }) {
  const postgres = await startPostgres({ port: await freePort() })
  const dataDirs = [
    mkdtempSync(join(tmpdir(), 'pusula-bench-content-a-')),
    mkdtempSync(join(tmpdir(), 'pusula-bench-content-b-')),
  ]
  const servers = []
  try {
    const ids = Object.fromEntries(
      ['sendLoginCode', 'verifyLoginCode', 'getContentEditor', 'publishContent'].map((name) => [
        name,
        functionId(outputDir, name),
      ]),
    )
    log(`PostgreSQL ${postgres.version}: starting two servers on one database…`)
    const env = { DATABASE_URL: postgres.url, SEED_ADMIN_EMAILS: ADMIN }
    // One after the other: A runs the migrations, B finds them done.
    for (const dataDir of dataDirs)
      servers.push(await startServer({ outputDir, port: await freePort(), env: { ...env, DATA_DIR: dataDir } }))
    const [a, b] = servers
    const cookie = await signIn(a, dataDirs[0], ids)
    const { result: editor } = await callServerFn(a, ids.getContentEditor, { method: 'GET', cookie })
    const content = structuredClone(editor.published)
    let revision = editor.draft.revision
    // B's page is in its cache before the first publish, as on a visited site.
    for (let i = 0; i < 3; i++) await (await fetch(`${b.url}/`)).text()

    const stamp = Date.now().toString(36)
    const visible = []
    const publishCalls = []
    /** Each publish in turn: ms until B showed it, or null when it never did. */
    const outcomes = []
    let missed = 0
    log(`${PUBLISHES} publishes through A, B's / polled every ${POLL_MS} ms…`)
    for (let n = 1; n <= PUBLISHES; n++) {
      const title = `Dönüşümde Güvenilir Ortağınız ${n} ${stamp}`
      content.about.title.tr = title
      const started = performance.now()
      const { result } = await callServerFn(a, ids.publishContent, {
        method: 'POST',
        cookie,
        data: { content, baseRevision: revision },
      })
      publishCalls.push(performance.now() - started)
      if (!result.ok) throw new Error(`publish ${n} was refused (${result.reason})`)
      revision = result.draft.revision
      const seenAt = await waitForText(`${b.url}/`, title, started)
      outcomes.push(seenAt === null ? null : Math.round(seenAt - started))
      if (seenAt === null) missed += 1
      else visible.push(seenAt - started)
    }
    visible.sort((x, y) => x - y)
    publishCalls.sort((x, y) => x - y)
    const figures = {
      version: postgres.version,
      publishes: PUBLISHES,
      missed,
      p50: percentile(visible, 50),
      p95: percentile(visible, 95),
      max: visible.at(-1),
      publishCallP50: percentile(publishCalls, 50),
      publishCallP95: percentile(publishCalls, 95),
      outcomes,
    }
    const ms = (x) => (x === undefined ? '–' : `${Math.round(x)} ms`)
    const ok = missed === 0 && figures.p95 < TARGET_P95_MS
    const rows = [
      {
        label: `publish → visible on another instance (${PUBLISHES} publishes, 2 servers, PostgreSQL ${postgres.version.split('.')[0]})`,
        value: `p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)}${missed ? `; ${missed} not seen within ${GIVE_UP_MS / 1000} s` : ''} (the publish call itself: p50 ${ms(figures.publishCallP50)}, p95 ${ms(figures.publishCallP95)})`,
        target: `p95 < ${TARGET_P95_MS / 1000} s`,
        ok,
      },
    ]
    return { rows, data: figures }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await postgres.stop()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }
}
