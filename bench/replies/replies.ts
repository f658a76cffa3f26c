/**
 * The replies targets of issue 37 against the production build on an embedded (PGlite) data
 * folder, with a real SMTP server (smtp-server) and a real mailbox (Debian's Dovecot, run
 * privately): 'Gönder' to acknowledged and to the SMTP server, an answer in the mailbox to the
 * thread, and 1,000 mails arriving at once while `/` and listMessages are probed every ~20 ms.
 * Run by `npm run bench -- --only replies` (run-ts: it reuses the tests' mail servers); prints
 * `BENCH_REPLIES {json}` as its last line, logs on stderr.
 * Args: OUTPUT_DIR DATA_DIR [--quick] (the server takes a free port: other checkouts bench too)
 */
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { ImapFlow } from 'imapflow'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { callServerFn, functionId } from '../lib/server-functions.mjs'
import { startServer } from '../lib/server.mjs'
import { IMAP_PASSWORD, IMAP_USER, startImapServer, type TestImapServer } from '../../tests/support/imap-server'
import { type ReceivedMail, startSmtpServer } from '../../tests/support/smtp-server'

const ADMIN = 'replies-bench@example.com'
const FROM = 'Pusula Dijital <bilgi@pusula.example>'
const POLL_SECONDS = 5
const TARGETS = { ackP95: 150, smtpP95: 2_000, answerIdle: 3_000, probeMax: 100 }
const PROBE_MS = 20
const METRICS_TOKEN = 'bench-replies-metrics'
/** One mail in this many of the imported ones answers a reply; the rest are unrelated. */
const ANSWER_EVERY = 20

const log = (message: string) => console.error(`[bench-replies] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const ms = (x: number) => `${Math.round(x)} ms`
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

interface Server {
  url: string
  stop(): Promise<void>
}

/** Calls a server function as the browser does; the decoded result and the response. */
async function callFn<T = unknown>(server: Server, id: string, method: 'GET' | 'POST', data?: unknown, cookie?: string) {
  const { res, result } = await callServerFn(server, id, { method, data, cookie })
  return { res: res as Response, result: result as T }
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))

/** Polls `check` every `everyMs` until it answers something truthy; throws after `timeoutMs`. */
async function until<T>(check: () => Promise<T> | T, timeoutMs: number, everyMs = 5): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await sleep(everyMs)
  }
}

/** Requests `fn` every PROBE_MS (one at a time) until stop(); each request's time. */
function probe(fn: () => Promise<unknown>) {
  const times: number[] = []
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now()
      await fn()
      const took = performance.now() - started
      times.push(took)
      await sleep(Math.max(0, PROBE_MS - took))
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      return times
    },
  }
}

const probeFigures = (times: number[]) => {
  const s = sorted(times)
  return {
    count: s.length,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s.at(-1) ?? 0,
    over: s.filter((t) => t > TARGETS.probeMax).length,
  }
}

function answerMail(to: ReceivedMail, messageId: string, text: string): string {
  return [
    `From: Ziyaretçi <${to.to}>`,
    'To: bilgi@pusula.example',
    'Subject: Re: Mesajınız hakkında',
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${to.messageId}`,
    `References: ${to.messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '',
  ].join('\r\n')
}

function unrelatedMail(n: number): string {
  return [
    `From: Tedarikçi ${n} <supplier${n}@elsewhere.example>`,
    'To: bilgi@pusula.example',
    `Subject: Fatura ${n}`,
    `Message-ID: <unrelated-${n}-${randomUUID()}@elsewhere.example>`,
    ...(n % 3 === 0 ? [`In-Reply-To: <thread-${n}@elsewhere.example>`] : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Bu ayın faturası ektedir. (${n})`,
    '',
  ].join('\r\n')
}

/** The longest the server's event loop was held since the last reading (prom-client resets it), in ms:
 * what the server itself did, apart from the probes waiting for a busy machine's CPU. */
async function loopMaxMs(server: Server): Promise<number> {
  const text = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) =>
    r.text(),
  )
  return Number(/^nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text)?.[1] ?? Number.NaN) * 1000
}

/** Every mail in INBOX by UID, its flags without \Recent (which only says a session saw it first). */
async function mailboxState(imap: TestImapServer): Promise<Map<number, string>> {
  const mails = await imap.list()
  return new Map(mails.map((mail) => [mail.uid, mail.flags.filter((flag) => flag !== '\\Recent').join(' ')]))
}

export default async function main(args: string[]): Promise<number> {
  const [outputDir = '.output-bench', dataDir = '.data-bench-replies'] = args
  const quick = args.includes('--quick')
  const replies = quick ? 20 : 100
  const answers = quick ? 5 : 10
  const imported = quick ? 200 : 1_000
  const loadAtStart = load()
  const [smtp, imap] = await Promise.all([startSmtpServer(), startImapServer()])
  // When each mail was accepted: the SMTP server's own moment, not the next poll's.
  const acceptedAt = new Map<ReceivedMail, number>()
  const push = smtp.received.push.bind(smtp.received)
  smtp.received.push = (...mails: ReceivedMail[]) => {
    for (const mail of mails) acceptedAt.set(mail, performance.now())
    return push(...mails)
  }
  rmSync(dataDir, { recursive: true, force: true })
  let server: Server | null = null
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: imap.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  })
  try {
    server = (await startServer({
      outputDir,
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: FROM,
        IMAP_URL: imap.url,
        IMAP_POLL_SECONDS: String(POLL_SECONDS),
        SEED_ADMIN_EMAILS: ADMIN,
        METRICS_TOKEN,
      },
    })) as Server
    const s = server
    const ids = Object.fromEntries(
      ['sendLoginCode', 'verifyLoginCode', 'submitContactMessage', 'listMessages', 'sendReply', 'getThread'].map((name) => [
        name,
        functionId(outputDir, name) as string,
      ]),
    ) as Record<string, string>

    // Sign in as the login page does: the code is bound to the browser (cookie) that asked.
    const asked = await callFn(s, ids.sendLoginCode!, 'POST', { email: ADMIN })
    const browser = cookiesOf(asked.res).join('; ')
    const codeMail = await smtp.waitFor((m) => m.to === ADMIN && /\b\d{6}\b/.test(m.text), 20_000)
    const code = codeMail.text.match(/\b(\d{6})\b/)?.[1]
    const verified = await callFn(s, ids.verifyLoginCode!, 'POST', { email: ADMIN, code }, browser || undefined)
    const cookie = [...cookiesOf(verified.res), ...(browser ? [browser] : [])].join('; ')
    if (!cookie.includes('session=')) throw new Error('the sign-in set no session cookie')

    // A few leads through the form, as visitors send them (5 per IP in 10 minutes).
    for (let n = 1; n <= 4; n++)
      await callFn(s, ids.submitContactMessage!, 'POST', {
        name: `Ziyaretçi ${n}`,
        email: `visitor${n}@example.com`,
        message: `Kurumsal web sitemiz için bir teklif rica ediyoruz (${n}).`,
        locale: 'tr',
      })
    type Page = { items: { id: string; status: string }[] }
    const list = async () => (await callFn<Page>(s, ids.listMessages!, 'GET', { status: 'all', q: '', page: 1 }, cookie)).result
    const leads = (await list()).items.filter((m) => m.status !== 'spam').map((m) => m.id)
    if (leads.length === 0) throw new Error('every lead was judged spam')
    // The queue idle: the staff notifications of the leads delivered (no new mail for 1.5 s).
    for (let count = -1; count !== smtp.received.length; ) {
      count = smtp.received.length
      await sleep(1_500)
    }

    log(`${replies} replies, one after the other, the queue idle before each…`)
    const ack: number[] = []
    const toSmtp: number[] = []
    const delivered: { lead: string; mail: ReceivedMail }[] = []
    for (let i = 0; i < replies; i++) {
      const lead = leads[i % leads.length]!
      const replyId = randomUUID()
      const started = performance.now()
      await callFn(
        s,
        ids.sendReply!,
        'POST',
        { replyId, messageId: lead, locale: 'tr', body: `Merhaba,\nteklifimiz ektedir (${i}).` },
        cookie,
      )
      ack.push(performance.now() - started)
      const mail = await until(() => smtp.received.find((m) => m.messageId.includes(replyId)), 20_000)
      toSmtp.push(acceptedAt.get(mail)! - started)
      delivered.push({ lead, mail })
    }

    const answerCount = async (lead: string) =>
      (
        await callFn<{ entries: { kind: string }[] }>(s, ids.getThread!, 'GET', { messageId: lead }, cookie)
      ).result.entries.filter((e) => e.kind === 'answer').length
    await client.connect()
    log(`${answers} answers appended to the mailbox, each polled for in its thread…`)
    const toThread: number[] = []
    for (let i = 0; i < answers; i++) {
      const { lead, mail } = delivered[i % delivered.length]!
      const before = await answerCount(lead)
      const started = performance.now()
      await client.append('INBOX', answerMail(mail, `<answer-${randomUUID()}@visitor.example>`, `Teşekkürler (${i}).`))
      await until(async () => (await answerCount(lead)) > before, 4 * POLL_SECONDS * 1000, 20)
      toThread.push(performance.now() - started)
      await sleep(300)
    }

    log(`${imported} mails (1 in ${ANSWER_EVERY} an answer) put in a staging folder, then copied into INBOX at once…`)
    await client.mailboxCreate('Staging').catch(() => {})
    const expected = new Map<string, number>()
    let lastAnswer: { lead: string; count: number } | null = null
    for (let n = 1; n <= imported; n++) {
      if (n % ANSWER_EVERY === 0) {
        const { lead, mail } = delivered[n % delivered.length]!
        await client.append('Staging', answerMail(mail, `<bulk-${n}-${randomUUID()}@visitor.example>`, `Toplu yanıt ${n}.`))
        expected.set(lead, (expected.get(lead) ?? 0) + 1)
      } else await client.append('Staging', unrelatedMail(n))
    }
    const baseCounts = new Map<string, number>()
    for (const lead of expected.keys()) baseCounts.set(lead, await answerCount(lead))
    const lastLead = delivered[imported % delivered.length]!.lead
    lastAnswer = { lead: lastLead, count: baseCounts.get(lastLead)! + expected.get(lastLead)! }
    const before = await mailboxState(imap)

    const home = () => fetch(`${s.url}/`).then((r) => r.text())
    const probeBoth = () => ({ home: probe(home), list: probe(list) })
    // The same probes with nothing arriving: what the machine gives without the import.
    await loopMaxMs(s)
    const idleProbes = probeBoth()
    await sleep(3_000)
    const idle = { home: probeFigures(await idleProbes.home.stop()), list: probeFigures(await idleProbes.list.stop()) }
    const idleLoopMs = await loopMaxMs(s)

    const busyProbes = probeBoth()
    await sleep(200)
    await client.mailboxOpen('Staging')
    const started = performance.now()
    await client.messageCopy('1:*', 'INBOX', { uid: true })
    await client.mailboxClose()
    // The last answer (the highest UID) in its thread: the pass has reached the end.
    const last = lastAnswer
    await until(async () => (await answerCount(last.lead)) >= last.count, 120_000, 100)
    const importMs = performance.now() - started
    await sleep(500)
    const busy = { home: probeFigures(await busyProbes.home.stop()), list: probeFigures(await busyProbes.list.stop()) }
    const busyLoopMs = await loopMaxMs(s)
    let importedAnswers = 0
    for (const lead of expected.keys()) importedAnswers += (await answerCount(lead)) - baseCounts.get(lead)!
    const after = await mailboxState(imap)
    const changed = [...before].filter(([uid, flags]) => after.get(uid) !== flags).length
    const added = [...after].filter(([uid]) => !before.has(uid))
    const flagged = added.filter(([, flags]) => flags !== '').length
    const unchanged = changed === 0 && added.length === imported && flagged === 0

    const ackS = sorted(ack)
    const smtpS = sorted(toSmtp)
    const threadS = sorted(toThread)
    const worst = Math.max(busy.home.max, busy.list.max)
    const probeText = (p: ReturnType<typeof probeFigures>) =>
      `max ${ms(p.max)}, p99 ${ms(p.p99)}, p50 ${ms(p.p50)}, ${p.over} of ${p.count} over ${TARGETS.probeMax} ms`
    const answersExpected = [...expected.values()].reduce((a, b) => a + b, 0)
    const rows = [
      {
        label: `replies: 'Gönder' → acknowledged (sendReply, ${replies} replies, PGlite)`,
        value: `p50 ${ms(percentile(ackS, 50))}, p95 ${ms(percentile(ackS, 95))}, max ${ms(ackS.at(-1)!)}`,
        target: `p95 < ${TARGETS.ackP95} ms`,
        ok: percentile(ackS, 95) < TARGETS.ackP95,
      },
      {
        label: `replies: 'Gönder' → accepted by the SMTP server (queue idle, ${replies} replies, PGlite)`,
        value: `p50 ${ms(percentile(smtpS, 50))}, p95 ${ms(percentile(smtpS, 95))}, max ${ms(smtpS.at(-1)!)}`,
        target: `p95 < ${TARGETS.smtpP95 / 1000} s`,
        ok: percentile(smtpS, 95) < TARGETS.smtpP95,
      },
      {
        label: `replies: answer appended to the mailbox → in the thread (Dovecot, IDLE, poll ${POLL_SECONDS} s, ${answers} answers)`,
        value: `p50 ${ms(percentile(threadS, 50))}, max ${ms(threadS.at(-1)!)} (thread polled every 20 ms)`,
        target: `< ${TARGETS.answerIdle / 1000} s with IDLE (< 2 polls: ${2 * POLL_SECONDS} s)`,
        ok: (threadS.at(-1) ?? Infinity) < TARGETS.answerIdle,
      },
      {
        label: `replies: ${imported} mails arriving at once (${answersExpected} answers) → requests meanwhile`,
        value: `read in ${ms(importMs)}, ${importedAnswers} of ${answersExpected} answers imported; \`/\` ${probeText(busy.home)}; listMessages ${probeText(busy.list)}. Idle before, 3 s: \`/\` max ${ms(idle.home.max)}, listMessages max ${ms(idle.list.max)}. The server's event loop held at most ${ms(busyLoopMs)} (idle: ${ms(idleLoopMs)})`,
        target: `no request > ${TARGETS.probeMax} ms`,
        ok: worst <= TARGETS.probeMax && importedAnswers === answersExpected,
      },
      {
        label: `replies: the mailbox after the import`,
        value: `${after.size} mails (${before.size} before + ${added.length} copied in); flags changed on ${changed} old and ${flagged} new mails`,
        target: 'unchanged',
        ok: unchanged,
      },
      { label: 'replies: load average (1, 5, 15 min) at start and end', value: `${loadAtStart}; ${load()}`, target: '' },
    ]
    console.log(
      `BENCH_REPLIES ${JSON.stringify({ rows, ack, toSmtp, toThread, importMs, busy, idle, busyLoopMs, idleLoopMs, importedAnswers, answersExpected })}`,
    )
    return 0
  } finally {
    await client.logout().catch(() => {})
    await server?.stop()
    await Promise.all([smtp.stop(), imap.stop()])
    rmSync(dataDir, { recursive: true, force: true })
  }
}
