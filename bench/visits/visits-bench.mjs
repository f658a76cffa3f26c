// Beacons at a steady rate against a running server (decisions 241, 250): their latency and answers.
//
//   node bench/visits/visits-bench.mjs http://127.0.0.1:3000 [perSecond=1000] [seconds=30]
//
// The server must trust X-Forwarded-For (TRUST_PROXY=true): each beacon comes from an address of
// its own, so the per-address limit does not refuse them. Prints p50/p95/p99 in ms, the answers by
// status and the sender's own CPU; every beacon should be answered 204.
//
// A load generator, made cheap so that its CPU is not taken from the server it measures (decision
// 241): every beacon is a distinct view of a distinct visitor with the headers Chrome's sendBeacon
// sends, written before the clock starts as HTTP/1.1 bytes, then sent on kept-alive sockets, one
// request at a time on each (no pipelining, as a browser or a reverse proxy sends them).
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'

const [base = 'http://127.0.0.1:3000', rateArg = '1000', secondsArg = '30'] = process.argv.slice(2)
const rate = Number(rateArg)
const seconds = Number(secondsArg)
const CONNECTIONS = 64
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const { hostname, port, host, origin } = new URL(base)

function beaconRequest(i) {
  const path = i % 3 === 0 ? '/en' : '/'
  const body = JSON.stringify({
    t: 'v',
    id: randomUUID(),
    p: path,
    h: i % 5 === 0 ? '#contact' : '',
    r: i % 2 === 0 ? 'https://www.google.com/' : '',
    q: i % 7 === 0 ? '?utm_source=bench&utm_campaign=load' : '',
    w: i % 2 === 0 ? 390 : 1440,
  })
  const head = [
    'POST /api/visit HTTP/1.1',
    `Host: ${host}`,
    'Connection: keep-alive',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'sec-ch-ua-platform: "Linux"',
    `User-Agent: ${CHROME} bench/${i % 5000}`,
    'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"',
    'Content-Type: text/plain;charset=UTF-8',
    'sec-ch-ua-mobile: ?0',
    'Accept: */*',
    `Origin: ${origin}`,
    'Sec-Fetch-Site: same-origin',
    'Sec-Fetch-Mode: no-cors',
    'Sec-Fetch-Dest: empty',
    `Referer: ${origin}${path}`,
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Accept-Language: tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7',
    // The reverse proxy's line: the visitor's own address.
    `X-Forwarded-For: 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  ]
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'latin1')
}

const total = rate * seconds
const requests = Array.from({ length: total }, (_, i) => beaconRequest(i))
const latencies = []
const statuses = new Map()
const count = (key) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
/** Beacons due and not yet written (their due times), and the sockets with nothing under way. */
const waiting = []
let waitingAt = 0
const idle = []
let sent = 0
let answered = 0
let allAnswered = () => {}

/** One kept-alive socket: at most one beacon under way, its answer read from the status line and head. */
function openConnection() {
  const socket = connect({ host: hostname, port: Number(port), noDelay: true })
  const conn = { socket, started: 0, busy: false, closed: false, buf: '' }
  const done = (status) => {
    conn.busy = false
    count(status)
    latencies.push(performance.now() - conn.started)
    if (++answered === total) allAnswered()
  }
  conn.socket.setEncoding('latin1')
  conn.socket.on('data', (chunk) => {
    conn.buf += chunk
    const end = conn.buf.indexOf('\r\n\r\n')
    if (end < 0 || !conn.busy) return
    const head = conn.buf.slice(0, end)
    let bodyEnd = end + 4 + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    // A chunked body (no refusal has one now) ends with its empty last chunk.
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) bodyEnd = conn.buf.indexOf('0\r\n\r\n', end + 4) + 5
    if (bodyEnd < end + 4 || conn.buf.length < bodyEnd) return
    conn.buf = conn.buf.slice(bodyEnd)
    done(Number(head.slice(9, 12)))
    if (/\r\nconnection: *close/i.test(head)) conn.socket.destroy()
    else release(conn)
  })
  conn.socket.on('error', () => {})
  conn.socket.on('close', () => {
    conn.closed = true
    if (conn.busy) done('closed')
    const at = idle.indexOf(conn)
    if (at >= 0) idle.splice(at, 1)
    if (sent < total) openConnection()
  })
  conn.socket.once('connect', () => release(conn))
  return conn
}

function release(conn) {
  if (conn.closed) return
  if (waitingAt === waiting.length) return void idle.push(conn)
  conn.busy = true
  conn.started = waiting[waitingAt++]
  conn.socket.write(requests[sent++])
}

for (let c = 0; c < CONNECTIONS; c++) openConnection()
while (idle.length < CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 10))

const start = performance.now()
const cpuAtStart = process.cpuUsage()
const finished = new Promise((resolve) => (allAnswered = resolve))
// In 10 ms ticks, each with the beacons due by then: a steady rate, not a burst per second. A
// beacon's time counts from when it was due, so a wait for a free socket is in its latency.
let due = 0
while (due < total) {
  const now = performance.now()
  const next = Math.min(total, Math.floor(((now - start) / 1000) * rate))
  for (; due < next; due++) waiting.push(now)
  // The socket idle longest goes first, so none stays idle until the server's keep-alive timeout
  // closes it just as a beacon is written on it.
  while (waitingAt < waiting.length && idle.length > 0) release(idle.shift())
  await new Promise((resolve) => setTimeout(resolve, 10))
}
await finished
const elapsed = (performance.now() - start) / 1000
const cpu = process.cpuUsage(cpuAtStart)
for (const conn of idle) conn.socket.destroy()

latencies.sort((a, b) => a - b)
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
console.log(
  JSON.stringify({
    beacons: total,
    seconds: Number(elapsed.toFixed(1)),
    perSecond: Math.round(total / elapsed),
    ms: { p50: at(0.5), p95: at(0.95), p99: at(0.99) },
    answers: Object.fromEntries(statuses),
    senderCpuUsPerBeacon: Math.round((cpu.user + cpu.system) / total),
  }),
)
