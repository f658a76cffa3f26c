import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Backend, BannerChange } from '../backend'
import type { FakeFetch } from './fake-fetch'
import { FakeSocket } from './fake-socket'
import { createTestBackend, SERVICE_ROLE_KEY } from './test-backend'

const TOPIC = 'realtime:hero-updates'
const UPDATE_BINDING = 1
const INSERT_BINDING = 2

let backend: Backend
let fake: FakeFetch

beforeEach(async () => {
  FakeSocket.reset()
  ;({ backend, fake } = await createTestBackend())
})

afterEach(async () => {
  expect(fake.unhandled).toEqual([])
  await backend.close()
})

function change(type: 'UPDATE' | 'INSERT', record: Record<string, unknown>) {
  return {
    type,
    schema: 'public',
    table: 'hero_settings',
    commit_timestamp: '2026-11-21T12:00:00Z',
    columns: [
      { name: 'key', type: 'text' },
      { name: 'image_url', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'badge', type: 'text' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    record: { title: 'T', badge: 'TR', ...record },
    old_record: {},
    errors: null,
  }
}

async function joinedSocket(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(FakeSocket.instances[0]?.sentEvents('phx_join')).toHaveLength(1))
  const socket = FakeSocket.instances[0]!
  // Wait for the join reply to bind the server's ids to the listeners.
  await new Promise((resolve) => setTimeout(resolve, 5))
  return socket
}

it('joins hero-updates with the first listener, for UPDATE and INSERT on public.hero_settings', async () => {
  expect(FakeSocket.instances).toHaveLength(0) // nothing connects before anyone listens

  backend.banners.subscribe(() => {})
  backend.banners.subscribe(() => {})
  const socket = await joinedSocket()

  expect(FakeSocket.instances).toHaveLength(1)
  const url = new URL(socket.url)
  expect(`${url.origin}${url.pathname}`).toBe('wss://abcdefghijklmnop.supabase.co/realtime/v1/websocket')
  expect(url.searchParams.get('apikey')).toBe(SERVICE_ROLE_KEY)
  const [join] = socket.sentEvents('phx_join')
  expect(join![2]).toBe(TOPIC)
  expect((join![4].config as { postgres_changes: unknown }).postgres_changes).toEqual([
    { event: 'UPDATE', schema: 'public', table: 'hero_settings' },
    { event: 'INSERT', schema: 'public', table: 'hero_settings' },
  ])
})

it('forwards changes as {key, imageUrl, updatedAt} to every listener', async () => {
  const first: BannerChange[] = []
  const second: BannerChange[] = []
  backend.banners.subscribe((c) => first.push(c))
  backend.banners.subscribe((c) => second.push(c))
  const socket = await joinedSocket()

  socket.pushChange(
    TOPIC,
    [UPDATE_BINDING],
    change('UPDATE', { key: 'tr-banner', image_url: '/new.png', updated_at: '2026-11-21 12:00:01.123456+00' }),
  )
  socket.pushChange(
    TOPIC,
    [INSERT_BINDING],
    change('INSERT', { key: 'en-banner', image_url: null, updated_at: '2026-11-21T12:00:02+00:00' }),
  )

  const expected = [
    { key: 'tr-banner', imageUrl: '/new.png', updatedAt: '2026-11-21T12:00:01.123Z' },
    { key: 'en-banner', imageUrl: null, updatedAt: '2026-11-21T12:00:02.000Z' },
  ]
  expect(first).toEqual(expected)
  expect(second).toEqual(expected)
})

it('drops the Realtime echo of a change this server already announced', async () => {
  const changes: BannerChange[] = []
  backend.banners.subscribe((c) => changes.push(c))
  const socket = await joinedSocket()
  fake.on('GET', '/rest/v1/hero_settings', { body: [{ key: 'tr-banner', title: 'T', badge: 'TR' }] })
  fake.on('POST', '/rest/v1/hero_settings', {
    status: 201,
    body: [{ key: 'tr-banner', image_url: '/a.png', title: 'T', badge: 'TR', updated_at: '2026-11-21T12:00:00.5+00:00' }],
  })

  await backend.banners.upsert([{ key: 'tr-banner', imageUrl: '/a.png' }])
  socket.pushChange(
    TOPIC,
    [UPDATE_BINDING],
    change('UPDATE', { key: 'tr-banner', image_url: '/a.png', updated_at: '2026-11-21 12:00:00.5+00' }),
  )

  expect(changes).toEqual([{ key: 'tr-banner', imageUrl: '/a.png', updatedAt: '2026-11-21T12:00:00.500Z' }])
})

it('leaves the channel with the last listener and joins again with the next', async () => {
  const changes: BannerChange[] = []
  const stopA = backend.banners.subscribe((c) => changes.push(c))
  const stopB = backend.banners.subscribe(() => {})
  const socket = await joinedSocket()

  stopA()
  stopA() // a second call is harmless
  await new Promise((resolve) => setTimeout(resolve, 5))
  expect(socket.sentEvents('phx_leave')).toHaveLength(0)

  stopB()
  await vi.waitFor(() => expect(socket.sentEvents('phx_leave')).toHaveLength(1))
  socket.pushChange(
    TOPIC,
    [UPDATE_BINDING],
    change('UPDATE', { key: 'tr-banner', image_url: '/late.png', updated_at: '2026-11-21T12:00:03+00:00' }),
  )
  expect(changes).toEqual([])

  backend.banners.subscribe((c) => changes.push(c))
  await vi.waitFor(() => expect(FakeSocket.instances.flatMap((s) => s.sentEvents('phx_join'))).toHaveLength(2))
})

it('keeps other listeners informed when one throws', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const changes: BannerChange[] = []
  backend.banners.subscribe(() => {
    throw new Error('listener bug')
  })
  backend.banners.subscribe((c) => changes.push(c))
  const socket = await joinedSocket()

  socket.pushChange(
    TOPIC,
    [UPDATE_BINDING],
    change('UPDATE', { key: 'en-banner', image_url: '/x.png', updated_at: '2026-11-21T12:00:04+00:00' }),
  )

  expect(changes).toHaveLength(1)
  expect(error).toHaveBeenCalledOnce()
  error.mockRestore()
})

it('close() leaves the channel and closes the socket', async () => {
  backend.banners.subscribe(() => {})
  const socket = await joinedSocket()

  await backend.close()

  expect(socket.sentEvents('phx_leave')).toHaveLength(1)
  expect(socket.readyState).toBe(socket.CLOSED)
})
