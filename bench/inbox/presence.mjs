// 'görüntülüyor' across instances: two servers on one PostgreSQL; a colleague's announcement on
// instance B (announcePresence, as the open detail sends it) timed until instance A's live feed
// (/api/inbox-events, the stream the other browser reads) delivers it. LISTEN/NOTIFY in between.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { toJSONAsync } from 'seroval'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { functionId } from '../lib/server-functions.mjs'
import { startServer } from '../lib/server.mjs'

/** Reads A's event stream; `next(match)` resolves with the time the first matching presence event came. */
async function presenceFeed(url, cookie) {
  const abort = new AbortController()
  const res = await fetch(`${url}/api/inbox-events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal })
  if (!res.ok || !res.body) throw new Error(`/api/inbox-events: HTTP ${res.status}`)
  const waiting = []
  let ready
  const isReady = new Promise((resolve) => (ready = resolve))
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = block.match(/^event: (.*)$/m)?.[1]
          const data = block.match(/^data: (.*)$/m)?.[1]
          if (event === 'ready') ready()
          if (event === 'presence' && data) {
            const presence = JSON.parse(data)
            const at = performance.now()
            for (const w of [...waiting])
              if (w.match(presence)) {
                waiting.splice(waiting.indexOf(w), 1)
                w.resolve(at)
              }
          }
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // Aborted at the end.
    }
  })()
  await isReady
  return {
    next: (match) =>
      new Promise((resolve, reject) => {
        waiting.push({ match, resolve })
        setTimeout(() => reject(new Error('no presence event within 10 s')), 10_000).unref()
      }),
    close: () => abort.abort(),
  }
}

/** p50/p95 of `samples` announcements on B until A's feed has them; each sample flips `typing`, so it is told apart. */
export async function measurePresence({ outputDir, dataDir, databaseUrl, samples, messageId }) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }
  const a = await startServer({ outputDir, port: await freePort(), env })
  const b = await startServer({ outputDir, port: await freePort(), env })
  let feed
  try {
    const { cookie } = JSON.parse(readFileSync(join(dataDir, 'bench-session.json'), 'utf8'))
    const id = functionId(outputDir, 'announcePresence')
    feed = await presenceFeed(a.url, cookie)
    const headers = {
      cookie,
      'x-tsr-serverFn': 'true',
      'content-type': 'application/json',
      origin: b.url,
      'sec-fetch-site': 'same-origin',
    }
    const times = []
    for (let i = 0; i < samples; i++) {
      const typing = i % 2 === 1
      const heard = feed.next((p) => p.messageId === messageId && p.typing === typing)
      const started = performance.now()
      const body = JSON.stringify(await toJSONAsync({ data: { id: messageId, typing, present: true } }))
      const res = await fetch(`${b.url}/_serverFn/${id}`, { method: 'POST', headers, body })
      if (!res.ok) throw new Error(`announcePresence: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`)
      await res.arrayBuffer()
      times.push((await heard) - started)
    }
    times.sort((x, y) => x - y)
    const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]
    return { p50: at(50), p95: at(95), samples: times.length }
  } finally {
    feed?.close()
    await a.stop()
    await b.stop()
  }
}
