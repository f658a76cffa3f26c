/**
 * A deploy's SIGTERM with visitors on the site: every landing page holds the banner feed open
 * (an event stream that never ends by itself). The server ends those streams cleanly as it shuts
 * down, instead of waiting out its grace period for them and then cutting the connections, and
 * the process exits.
 */
import { afterAll, expect, it } from 'vitest'
import { readUntil } from '../support/event-stream'
import { type AppServer, startAppServer } from './app-server'

let server: AppServer | undefined

afterAll(async () => {
  await server?.stop()
})

it('ends the open event streams on SIGTERM and exits without cutting a connection', async () => {
  server = await startAppServer()
  const readers = []
  for (const key of ['tr-banner', 'en-banner']) {
    const response = await fetch(`${server.baseUrl}/api/banner-events?key=${key}`)
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    expect(await readUntil(reader, 'event: snapshot')).toContain(`"key":"${key}"`)
    readers.push(reader)
  }
  const ended = readers.map(async (reader) => {
    for (;;) {
      const { done } = await reader.read()
      if (done) return 'ended'
    }
  })
  await server.stop()
  // A cut connection rejects the read ("terminated"); a stream the server ended is done.
  expect(await Promise.all(ended)).toEqual(['ended', 'ended'])
  expect(server.log()).not.toMatch(/Forcibly closing|did not exit/)
  server = undefined
})
