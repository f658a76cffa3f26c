import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FileStorage } from '~/backend/backend'
import { isAlreadyExists, isNotFound, SupabaseStorageError } from '~/backend/supabase/storage.server'
import type { FakeFetch } from '../../../tests/support/supabase-fake-fetch'
import { createTestStorage, SERVICE_ROLE_KEY, SUPABASE_URL } from '../../../tests/support/supabase-harness'

const OBJECT_PATH = '/storage/v1/object/industry-images/hero-tr-banner-1763726400000.png'
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

let storage: FileStorage
let fake: FakeFetch

beforeEach(() => {
  ;({ storage, fake } = createTestStorage())
})

afterEach(() => {
  expect(fake.unhandled).toEqual([])
})

it('uploads without overwriting, with the content type and cache lifetime, and returns the public URL', async () => {
  fake.on('POST', OBJECT_PATH, { body: { Id: 'f1', Key: 'industry-images/hero-tr-banner-1763726400000.png' } })

  const result = await storage.upload({
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

  const upload = storage.upload({
    name: 'hero-tr-banner-1763726400000.png',
    bytes,
    contentType: 'image/png',
    cacheControlSeconds: 3600,
  })

  await expect(upload).rejects.toBeInstanceOf(SupabaseStorageError)
  await expect(upload).rejects.toThrow(/The resource already exists/)
  const error = await upload.catch((e: unknown) => e)
  expect(isAlreadyExists(error)).toBe(true)
  expect(isNotFound(error)).toBe(false)
})

it('tells a taken name by its status code, whatever the message says', async () => {
  fake.on('POST', OBJECT_PATH, { status: 409, body: { statusCode: '409', error: 'Conflict', message: 'Zaten var' } })
  fake.on('POST', OBJECT_PATH, {
    status: 400,
    body: { statusCode: '413', error: 'Payload too large', message: 'already exists' },
  })
  const upload = () =>
    storage.upload({ name: 'hero-tr-banner-1763726400000.png', bytes, contentType: 'image/png', cacheControlSeconds: 3600 })

  expect(isAlreadyExists(await upload().catch((e: unknown) => e))).toBe(true)
  expect(isAlreadyExists(await upload().catch((e: unknown) => e))).toBe(false)
})

it('refuses names that could leave the bucket or hide in it, without asking Storage', async () => {
  for (const name of ['../escape.png', '..', '.hidden.png', 'a/b.png', 'a\\b.png', '', '%2e%2e%2fx.png']) {
    await expect(storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 3600 }), name).rejects.toThrow(
      /Invalid file name/,
    )
  }
  expect(fake.requests).toEqual([])
})

it('passes Storage’s refusal of a type the bucket does not allow', async () => {
  fake.on('POST', '/storage/v1/object/industry-images/notes.txt', {
    status: 400,
    body: { statusCode: '415', error: 'invalid_mime_type', message: 'mime type text/plain is not supported' },
  })

  await expect(
    storage.upload({ name: 'notes.txt', bytes, contentType: 'text/plain', cacheControlSeconds: 3600 }),
  ).rejects.toThrow(/mime type text\/plain is not supported/)
})

it('leaves serving files to Supabase', async () => {
  await expect(storage.read('hero-tr-banner-1763726400000.png')).resolves.toBeNull()
  expect(fake.requests).toEqual([])
})

it('removes old files no banner shows, keeping the banners’ and the recent ones', async () => {
  const file = (name: string, createdAt: string) => ({ id: `id-${name}`, name, created_at: createdAt, metadata: {} })
  fake.on('POST', '/storage/v1/object/list/industry-images', {
    body: [
      file('hero-en-banner-1.png', '2026-11-01T00:00:00Z'),
      file('hero-tr-banner-1.png', '2026-11-01T00:00:00Z'),
      file('hero-tr-banner-2.png', '2026-11-01T00:00:00Z'),
      file('hero-tr-banner-3.png', '2026-11-21T11:00:00Z'),
      { id: null, name: 'folder', created_at: null, metadata: null },
    ],
  })
  fake.on('DELETE', '/storage/v1/object/industry-images', { body: [] })

  const removed = await storage.removeUnused({
    keepUrls: [`${SUPABASE_URL}/storage/v1/object/public/industry-images/hero-tr-banner-2.png`, '/uploads/hero-en.png'],
    storedBefore: new Date('2026-11-20T12:00:00Z'),
  })

  expect(removed).toEqual(['hero-en-banner-1.png', 'hero-tr-banner-1.png'])
  expect(fake.to('POST', '/storage/v1/object/list/industry-images')[0]!.json()).toMatchObject({
    prefix: '',
    limit: 100,
    offset: 0,
  })
  expect(fake.to('DELETE', '/storage/v1/object/industry-images')[0]!.json()).toEqual({
    prefixes: ['hero-en-banner-1.png', 'hero-tr-banner-1.png'],
  })
})

it('removes nothing and asks no deletion when every old file is in use', async () => {
  fake.on('POST', '/storage/v1/object/list/industry-images', {
    body: [{ id: 'a', name: 'hero-tr-banner-2.png', created_at: '2026-11-01T00:00:00Z', metadata: {} }],
  })
  const removed = await storage.removeUnused({
    keepUrls: [`${SUPABASE_URL}/storage/v1/object/public/industry-images/hero-tr-banner-2.png`],
    storedBefore: new Date('2026-11-20T12:00:00Z'),
  })
  expect(removed).toEqual([])
  expect(fake.to('DELETE', '/storage/v1/object/industry-images')).toEqual([])
})
