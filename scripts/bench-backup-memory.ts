/**
 * Where a backup's memory goes, in one process: opens DATA_DIR's embedded database as
 * `npm run backup` does without a server, samples the process's memory every 50 ms (resident
 * set, V8 heap, array buffers, PGlite's WebAssembly memory) while `writeArchive` writes FILE and
 * a writer inserts messages between its batches, and prints the figures before, at the peak and
 * after, with the longest stall of the event loop. Use a copy of a seeded folder (the inserts
 * stay in it):
 *   DATA_DIR=<copy> node scripts/run-ts.mjs scripts/bench-backup-memory.ts FILE
 * SMAPS_DUMP=1: the resident mappings and V8's spaces before and after; BM_ALLOC_PROFILE=1: the
 * sites that allocated most in V8's heap during the backup (sampled, collected objects too);
 * BM_NO_INSERTS=1: the backup alone; BM_SNAPSHOT=<file>: a heap snapshot after it.
 * A diagnostic for `npm run bench -- --only backup` (scripts/bench-backup.mjs), whose server
 * figure it explains (docs/performance.md, "This round: backupmem"); not part of the bench.
 */
import { readFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import v8 from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { openBackupTarget } from '~/backend/backup/open.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { serverEnv } from '~/lib/env.server'

interface Sample {
  rss: number
  heapUsed: number
  external: number
  arrayBuffers: number
  wasm: number
  /** Resident pages of the WebAssembly memory's reservation (a mapping of several GB). */
  wasmResident: number
  /** Resident pages of every other anonymous mapping (malloc arenas, V8's spaces, buffers). */
  otherAnonymous: number
}

function residentByMapping(): { wasmResident: number; otherAnonymous: number } {
  // V8 reserves several GB for a wasm32 memory and makes only its used part readable and
  // writable: that part is the mapping just before a large inaccessible one at the next address.
  const mappings: { start: bigint; end: bigint; perms: string; anonymous: boolean; size: number; rss: number }[] = []
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line)
    if (header) {
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3]!,
        anonymous: header[4] === '0' && !header[5]?.startsWith('/'),
        size: 0,
        rss: 0,
      })
    } else if (line.startsWith('Size:')) mappings.at(-1)!.size = Number(line.split(/\s+/)[1]) * 1024
    else if (line.startsWith('Rss:')) mappings.at(-1)!.rss = Number(line.split(/\s+/)[1]) * 1024
  }
  let wasmResident = 0
  let otherAnonymous = 0
  mappings.forEach((mapping, i) => {
    if (!mapping.anonymous) return
    const next = mappings[i + 1]
    const wasm = next && next.start === mapping.end && next.perms.startsWith('---') && next.size >= 2 ** 30
    if (wasm) wasmResident += mapping.rss
    else otherAnonymous += mapping.rss
  })
  if (process.env.SMAPS_DUMP) {
    const dump = mappings
      .filter((m) => m.rss > 2 ** 20)
      .map(
        (m) =>
          `${m.start.toString(16)} ${m.perms} size=${(m.size / 2 ** 20).toFixed(1)} rss=${(m.rss / 2 ** 20).toFixed(1)}${m.anonymous ? ' anon' : ''}`,
      )
    const small = mappings.filter((m) => m.rss <= 2 ** 20 && m.anonymous)
    const bySize = new Map<number, { count: number; rss: number }>()
    for (const m of small) {
      const entry = bySize.get(m.size) ?? { count: 0, rss: 0 }
      entry.count += 1
      entry.rss += m.rss
      bySize.set(m.size, entry)
    }
    dump.push(
      ...[...bySize]
        .sort((a, b) => b[1].rss - a[1].rss)
        .slice(0, 8)
        .map(([size, e]) => `small anon size=${size / 1024}K count=${e.count} rss=${(e.rss / 2 ** 20).toFixed(1)}`),
    )
    console.log(dump.join('\n'))
    console.log('--')
  }
  return { wasmResident, otherAnonymous }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

export default async function backupMemory(args: string[]): Promise<number> {
  const file = args[0]
  if (!file) {
    console.error('Usage: node scripts/run-ts.mjs scripts/bench-backup-memory.ts FILE')
    return 2
  }
  let pglite: PGlite | undefined
  const create = PGlite.create.bind(PGlite)
  PGlite.create = (async (...options: Parameters<typeof PGlite.create>) => {
    pglite = await create(...options)
    return pglite
  }) as typeof PGlite.create
  const target = await openBackupTarget(serverEnv(), { forRestore: false })
  const wasmBytes = () => (pglite as unknown as { Module?: { HEAPU8?: Uint8Array } })?.Module?.HEAPU8?.length ?? 0
  const sample = (): Sample => ({ ...process.memoryUsage(), wasm: wasmBytes(), wasmResident: 0, otherAnonymous: 0 })
  if (process.env.SMAPS_DUMP) {
    for (const space of v8.getHeapSpaceStatistics()) {
      console.log(
        `${space.space_name.padEnd(28)} size ${mb(space.space_size).padStart(7)} used ${mb(space.space_used_size).padStart(7)} physical ${mb(space.physical_space_size).padStart(7)}`,
      )
    }
  }
  const before = { ...sample(), ...residentByMapping() }
  const peak = { ...before }
  const timer = setInterval(() => {
    const now = sample()
    for (const key of Object.keys(peak) as (keyof Sample)[]) peak[key] = Math.max(peak[key], now[key])
  }, 50)
  // The longest the event loop was held (what a request arriving then waits at least).
  let longestStall = 0
  let tick = performance.now()
  const lag = setInterval(() => {
    const now = performance.now()
    longestStall = Math.max(longestStall, now - tick - 10)
    tick = now
  }, 10)
  let writing = true
  let posted = 0
  const writer = (async () => {
    while (writing && !process.env.BM_NO_INSERTS) {
      await target.db.query(
        `insert into public.contact_messages (name, email, message, ip_address) values ($1, $2, $3, '10.0.0.1')`,
        ['Yük Testi', `load${posted}@example.com`, `Yedek alınırken gelen mesaj ${posted}: fiyat teklifi rica ediyoruz.`],
      )
      posted += 1
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const session = process.env.BM_ALLOC_PROFILE ? new Session() : undefined
  if (session) {
    session.connect()
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
  }
  const started = performance.now()
  const summary = await writeArchive(target.db, file, { mode: target.mode, images: target.images })
  const seconds = (performance.now() - started) / 1000
  if (session) {
    const { profile } = await session.post('HeapProfiler.stopSampling')
    const bySite = new Map<string, number>()
    type Node = (typeof profile)['head']
    const walk = (node: Node, parent: string) => {
      const frame = node.callFrame
      const site = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber} < ${parent}`
      if (node.selfSize) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
      for (const child of node.children) walk(child, `${frame.functionName || '(anonymous)'}:${frame.lineNumber}`)
    }
    walk(profile.head, '')
    const total = [...bySite.values()].reduce((a, b) => a + b, 0)
    console.log(`allocated in the V8 heap while backing up (sampled): ${mb(total)}`)
    for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${mb(bytes).padStart(7)} ${site.slice(0, 160)}`)
    session.disconnect()
  }
  writing = false
  await writer
  clearInterval(timer)
  clearInterval(lag)
  const after = { ...sample(), ...residentByMapping() }
  if (process.env.BM_SNAPSHOT) console.log(`heap snapshot: ${v8.writeHeapSnapshot(process.env.BM_SNAPSHOT)}`)
  console.log(
    `longest stall of the event loop ${longestStall.toFixed(0)} ms; backup ${seconds.toFixed(1)} s, ${summary.rows['public.contact_messages']} messages, ${summary.images} images, ${mb(summary.bytes)}, ${posted} inserts meanwhile`,
  )
  for (const key of Object.keys(peak) as (keyof Sample)[]) {
    console.log(
      `${key.padEnd(12)} before ${mb(before[key]).padStart(7)}  peak ${mb(peak[key]).padStart(7)}  after ${mb(after[key]).padStart(7)}`,
    )
  }
  if (process.env.SMAPS_DUMP) {
    for (const space of v8.getHeapSpaceStatistics()) {
      console.log(
        `${space.space_name.padEnd(28)} size ${mb(space.space_size).padStart(7)} used ${mb(space.space_used_size).padStart(7)} physical ${mb(space.physical_space_size).padStart(7)}`,
      )
    }
  }
  await target.close()
  return 0
}
