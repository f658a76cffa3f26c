import { expect, it, vi } from 'vitest'
import plugin from './visit-beacon'

it('answers POST /api/visit itself, once, and hands every other request on', async () => {
  const next = vi.fn(async () => new Response('page'))
  const app = { fetch: next, hooks: {} } as unknown as Parameters<typeof plugin>[0]
  plugin(app)
  const beacon = await app.fetch(
    new Request('http://127.0.0.1/api/visit', { method: 'POST', body: '{}', headers: { 'sec-fetch-site': 'cross-site' } }),
  )
  expect(beacon.status).toBe(403)
  expect(next).not.toHaveBeenCalled()
  for (const request of [new Request('http://127.0.0.1/'), new Request('http://127.0.0.1/api/visit')]) {
    expect(await (await app.fetch(request)).text()).toBe('page')
  }
  expect(next).toHaveBeenCalledTimes(2)
})
