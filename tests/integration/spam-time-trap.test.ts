/**
 * The time trap without JavaScript, against the production build (docs/spam.md): the landing
 * page, served from its page cache, carries a fresh signed stamp in every response; a form post
 * sooner than a person could type is stored as spam, a normal one as new, and the visitor is
 * answered alike either way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { LIMITS } from '~/lib/limits'
import { type AppServer, startAppServer } from './app-server'

const MARKER = 'timetrap5d2a'
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-timetrap-'))
let server: AppServer
let formAction = ''

/** The landing page's form stamp, as a browser without JavaScript gets it. */
async function landing(): Promise<{ stamp: string; html: string }> {
  const response = await fetch(`${server.baseUrl}/`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const stamp =
    html.match(/<input[^>]*name="stamp"[^>]*value="([^"]*)"/)?.[1] ??
    html.match(/<input[^>]*value="([^"]*)"[^>]*name="stamp"/)?.[1]
  expect(stamp, 'the contact form carries a time stamp').toBeTruthy()
  formAction ||= html.match(/<form[^>]*action="([^"]*_serverFn[^"]*)"/)?.[1]?.replaceAll('&amp;', '&') ?? ''
  return { stamp: stamp!, html }
}

/** Posts the form as a browser without JavaScript does; returns where the answer sends the visitor. */
async function post(fields: Record<string, string>, ip: string): Promise<string> {
  const body = new FormData()
  for (const [name, value] of Object.entries({ website: '', locale: 'tr', ...fields })) body.set(name, value)
  const response = await fetch(`${server.baseUrl}${formAction}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { origin: server.baseUrl, 'x-forwarded-for': ip, 'sec-fetch-site': 'same-origin' },
  })
  expect(response.status, await response.clone().text()).toBe(303)
  return response.headers.get('location') ?? ''
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  server = await startAppServer({ dataDir })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the time trap without JavaScript, from the cached landing page', () => {
  it('gives every response of the cached page its own stamp, never the placeholder', async () => {
    const pages = [await landing(), await landing(), await landing()]
    const stamps = pages.map((p) => p.stamp)
    expect(new Set(stamps).size).toBe(3)
    for (const { stamp, html } of pages) {
      expect(stamp).toMatch(/^[0-9a-z]+\.[\w-]{22}$/)
      expect(html).not.toContain('formstamp')
    }
  })

  it('stores a post sooner than a person could type as spam, a normal one and a stampless one as new; answers all alike', async () => {
    const fast = await landing()
    const fastAnswer = await post(
      {
        name: 'Hızlı Bot',
        email: 'fast@example.net',
        message: `${MARKER} hızlı: ERP projemiz için görüşmek isteriz.`,
        stamp: fast.stamp,
      },
      '198.51.100.31',
    )
    const normal = await landing()
    await sleep(LIMITS.spam.minFillSeconds * 1000 + 300)
    const normalAnswer = await post(
      {
        name: 'Selin Yurt',
        email: 'selin@example.net',
        message: `${MARKER} normal: ofisimiz için bulut geçişi istiyoruz.`,
        stamp: normal.stamp,
      },
      '198.51.100.32',
    )
    const forged = `${(Date.now() - 60_000).toString(36)}.${'A'.repeat(22)}`
    const forgedAnswer = await post(
      {
        name: 'Sahte Damga',
        email: 'forged@example.net',
        message: `${MARKER} sahte: teklif almak istiyoruz lütfen.`,
        stamp: forged,
      },
      '198.51.100.33',
    )
    const bareAnswer = await post(
      { name: 'Damgasız', email: 'bare@example.net', message: `${MARKER} damgasız: bilgi almak istiyorum, arar mısınız?` },
      '198.51.100.34',
    )
    for (const answer of [fastAnswer, normalAnswer, forgedAnswer, bareAnswer]) expect(answer).toMatch(/\?contact=sent#contact$/)

    await server.stop()
    const { backend } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
    try {
      const list = async (status: 'all' | 'spam') =>
        (await backend.messages.list({ status, search: MARKER, page: 1, pageSize: 50 })).items.map((m) => m.email).sort()
      expect(await list('spam')).toEqual(['fast@example.net', 'forged@example.net'])
      expect(await list('all')).toEqual(['bare@example.net', 'selin@example.net'])
    } finally {
      await backend.close()
    }
  }, 60_000)
})
