import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Backend } from '../backend'
import type { FakeFetch } from './fake-fetch'
import { SupabaseDataError } from './errors.server'
import { createTestBackend, SERVICE_ROLE_KEY, SUPABASE_URL } from './test-backend'

const OBJECT_PATH = '/storage/v1/object/industry-images/hero-tr-banner-1763726400000.png'
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

let backend: Backend
let fake: FakeFetch

beforeEach(async () => {
  ;({ backend, fake } = await createTestBackend())
})

afterEach(async () => {
  expect(fake.unhandled).toEqual([])
  await backend.close()
})

it('uploads without overwriting, with the content type and cache lifetime, and returns the public URL', async () => {
  fake.on('POST', OBJECT_PATH, { body: { Id: 'f1', Key: 'industry-images/hero-tr-banner-1763726400000.png' } })

  const result = await backend.storage.upload({
    name: 'hero-tr-banner-1763726400000.png',
    bytes,
    contentType: 'image/png',
    cacheControlSeconds: 3600,
  })

  expect(result).toEqual({
    publicUrl: `${SUPABASE_URL}/storage/v1/object/public/industry-images/hero-tr-banner-1763726400000.png`,
  })
  const request = fake.to('POST', OBJECT_PATH)[0]!
  expect(request.headers.get('content-type')).toBe('image/png')
  expect(request.headers.get('cache-control')).toBe('max-age=3600')
  expect(request.headers.get('x-upsert')).toBe('false')
  expect(request.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
  expect(request.body).toEqual(bytes)
})

it('throws when the name is taken', async () => {
  fake.on('POST', OBJECT_PATH, {
    status: 400,
    body: { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' },
  })

  const upload = backend.storage.upload({
    name: 'hero-tr-banner-1763726400000.png',
    bytes,
    contentType: 'image/png',
    cacheControlSeconds: 3600,
  })

  await expect(upload).rejects.toBeInstanceOf(SupabaseDataError)
  await expect(upload).rejects.toThrow(/The resource already exists/)
})

it('refuses names that could leave the bucket or hide in it, without asking Storage', async () => {
  for (const name of ['../escape.png', '..', '.hidden.png', 'a/b.png', 'a\\b.png', '', '%2e%2e%2fx.png']) {
    await expect(
      backend.storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 3600 }),
      name,
    ).rejects.toThrow(/Invalid file name/)
  }
  expect(fake.requests).toEqual([])
})

it('passes Storage’s refusal of a type the bucket does not allow', async () => {
  fake.on('POST', '/storage/v1/object/industry-images/notes.txt', {
    status: 400,
    body: { statusCode: '415', error: 'invalid_mime_type', message: 'mime type text/plain is not supported' },
  })

  await expect(
    backend.storage.upload({ name: 'notes.txt', bytes, contentType: 'text/plain', cacheControlSeconds: 3600 }),
  ).rejects.toThrow(/mime type text\/plain is not supported/)
})

it('leaves serving files to Supabase', async () => {
  await expect(backend.storage.read('hero-tr-banner-1763726400000.png')).resolves.toBeNull()
  expect(fake.requests).toEqual([])
})
