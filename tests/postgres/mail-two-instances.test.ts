/**
 * The mail queue with two production servers in the postgres mode on one database and one SMTP
 * server (docs/decisions/090-mail.md): both are woken by every queued mail, but only one delivers at a time (the
 * lease), each mail arrives once, and when the delivering instance is killed mid-delivery the
 * other one takes over once the lease has expired.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { type AppServer, callServerFn, startAppServers, stopAppServers } from '../integration/app-server'
import { INTEGRATION_OUTPUT_DIR } from '../integration/build'
import { findBuiltServerFns } from '../integration/server-functions'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

const ADMINS = ['mail-a@example.com', 'mail-b@example.com', 'mail-c@example.com']
const submitId = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find((fn) => fn.name === 'submitContactMessage')?.id

let database: PlainDatabase
let smtp: TestSmtpServer
let servers: AppServer[] = []
const dataDirs = [mkdtempSync(join(tmpdir(), 'pusula-mail-a-')), mkdtempSync(join(tmpdir(), 'pusula-mail-b-'))]
let ip = 0

beforeAll(async () => {
  if (!submitId) throw new Error('submitContactMessage is not in the production build')
  database = await createPlainDatabase()
  smtp = await startSmtpServer()
  const env = {
    DATABASE_URL: database.url,
    SEED_ADMIN_EMAILS: ADMINS.join(','),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Pusula Dijital <bildirim@pusula.example>',
  }
  servers = await startAppServers(dataDirs, env)
}, 120_000)

afterAll(async () => {
  await stopAppServers(servers, dataDirs)
  await smtp?.stop()
  await database?.drop()
})

async function submit(server: AppServer, marker: string): Promise<void> {
  const data = { name: 'Ölçek Testi', email: `${marker}@example.com`, message: `${marker}: one message, one mail per admin.` }
  const response = await callServerFn(server, submitId!, { method: 'POST', data, ip: `10.88.0.${++ip}` })
  expect(response.status, await response.text()).toBe(200)
}

async function leaseHolderPid(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ holder: string | null }>('select holder from public.mail_worker_lease')
    return Number(rows[0]?.holder?.split(':')[1] ?? 0)
  } finally {
    await client.end()
  }
}

describe('two app servers, one database, one SMTP server', () => {
  it('deliver one mail at a time, each once', async () => {
    // A slow server: two workers delivering side by side would overlap here.
    smtp.delayMs = 150
    const markers = Array.from({ length: 6 }, (_, n) => `scale-mail-${n}-${Date.now().toString(36)}`)
    for (const [n, marker] of markers.entries()) await submit(servers[n % 2]!, marker)
    for (const marker of markers) {
      for (const to of ADMINS) await smtp.waitFor((m) => m.to === to && m.text.includes(marker), 30_000)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const delivered = smtp.received.filter((m) => markers.some((marker) => m.text.includes(marker)))
    expect(delivered).toHaveLength(markers.length * ADMINS.length)
    expect(new Set(delivered.map((m) => m.messageId)).size).toBe(delivered.length)
    expect(smtp.maxConcurrent()).toBe(1)
    smtp.delayMs = 0
  }, 90_000)

  it('are taken over by the other instance when the delivering one is killed mid-delivery', async () => {
    const marker = `takeover-${Date.now().toString(36)}`
    smtp.hold()
    await submit(servers[0]!, marker)
    await smtp.held(1)
    // The instance delivering it holds the lease, which names its process.
    const pid = await leaseHolderPid()
    expect(pid).toBeGreaterThan(0)
    process.kill(pid, 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 500))
    smtp.release()
    // The lease and the cut-off claim expire after LIMITS.mail.leaseSeconds; then the survivor delivers.
    const timeout = (LIMITS.mail.leaseSeconds + 20) * 1000
    for (const to of ADMINS) await smtp.waitFor((m) => m.to === to && m.text.includes(marker), timeout)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(
      smtp.received
        .filter((m) => m.text.includes(marker))
        .map((m) => m.to)
        .sort(),
    ).toEqual([...ADMINS].sort())
    expect(await leaseHolderPid()).not.toBe(pid)
  }, 120_000)
})
