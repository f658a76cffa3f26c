// Beacons at a steady rate against a running server (decision 250): their latency and answers.
//
//   node bench/visits/visits-bench.mjs http://127.0.0.1:3000 [perSecond=1000] [seconds=30]
//
// The server must trust X-Forwarded-For (TRUST_PROXY=true): each beacon comes from an address of
// its own, so the per-address limit does not refuse them. Prints p50/p95/p99 in ms, the answers by
// status and the sender's own CPU; every beacon should be answered 204. Self-contained: node:http.
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'

const [base = 'http://127.0.0.1:3000', rateArg = '1000', secondsArg = '30'] = process.argv.slice(2)
const rate = Number(rateArg)
const seconds = Number(secondsArg)
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const { hostname, port } = new URL(base)
// Kept-alive connections, as a reverse proxy keeps them to the app (and a browser to the page it
// just loaded); fetch() cost this sender as much CPU as the server (decision 241).
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

const latencies = []
const statuses = new Map()
let sent = 0
const count = (key) => statuses.set(key, (statuses.get(key) ?? 0) + 1)

function beacon(i) {
  const body = JSON.stringify({
    t: 'v',
    id: randomUUID(),
    p: i % 3 === 0 ? '/en' : '/',
    h: i % 5 === 0 ? '#contact' : '',
    r: i % 2 === 0 ? 'https://www.google.com/' : '',
    q: i % 7 === 0 ? '?utm_source=bench&utm_campaign=load' : '',
    w: i % 2 === 0 ? 390 : 1440,
  })
  const started = performance.now()
  return new Promise((resolve) => {
    const done = (key) => {
      count(key)
      latencies.push(performance.now() - started)
      resolve()
    }
    const req = request({
      agent,
      hostname,
      port,
      method: 'POST',
      path: '/api/visit',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'content-length': Buffer.byteLength(body),
        'sec-fetch-site': 'same-origin',
        'user-agent': `${UA} bench/${i % 5000}`,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
    })
    req.on('response', (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode))
      response.on('error', (error) => done(String(error.code ?? error.name)))
    })
    req.on('error', (error) => done(String(error.code ?? error.name)))
    req.end(body)
  })
}

const pending = []
const start = performance.now()
const cpuAtStart = process.cpuUsage()
const total = rate * seconds
// Sends in 10 ms ticks, each with the beacons due by then: a steady rate, not a burst per second.
while (sent < total) {
  const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate))
  while (sent < due) pending.push(beacon(sent++))
  await new Promise((resolve) => setTimeout(resolve, 10))
}
await Promise.all(pending)
const elapsed = (performance.now() - start) / 1000
const cpu = process.cpuUsage(cpuAtStart)
agent.destroy()

latencies.sort((a, b) => a - b)
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
console.log(
  JSON.stringify({
    beacons: sent,
    seconds: Number(elapsed.toFixed(1)),
    perSecond: Math.round(sent / elapsed),
    ms: { p50: at(0.5), p95: at(0.95), p99: at(0.99) },
    answers: Object.fromEntries(statuses),
    senderCpuUsPerBeacon: Math.round((cpu.user + cpu.system) / sent),
  }),
)
