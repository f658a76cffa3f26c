/**
 * Shared setup of the supabase mode's HTTP tests: Supabase Auth and Storage over a fake fetch
 * that records every request (no database: the SQL core has tests of its own).
 */
import type { AuthService, CookieJar, CookieOptions, FileStorage } from '~/backend/backend'
import { createAuthService } from '~/backend/supabase/supabase-auth-service.server'
import type { SupabaseBackendOptions } from '~/backend/supabase/options.server'
import { createFileStorage } from '~/backend/supabase/storage.server'
import { createFakeFetch, type FakeFetch } from './supabase-fake-fetch'

export const SUPABASE_URL = 'https://abcdefghijklmnop.supabase.co'
export const ANON_KEY = 'test-anon-key'
export const SERVICE_ROLE_KEY = 'test-service-role-key'
export const SESSION_COOKIE = 'sb-abcdefghijklmnop-auth-token'

export function testOptions(fake: FakeFetch, { secureCookies = true } = {}): SupabaseBackendOptions {
  return { url: SUPABASE_URL, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY, secureCookies, fetch: fake.fetch }
}

/** Supabase Auth over a fake fetch; who is an admin is the given list (the database's, in the app). */
export function createTestAuth({ secureCookies = true, admins = ['admin@example.com'] } = {}): {
  auth: AuthService
  fake: FakeFetch
  adminChecks: string[]
} {
  const fake = createFakeFetch()
  const adminChecks: string[] = []
  const auth = createAuthService(testOptions(fake, { secureCookies }), async (email) => {
    adminChecks.push(email)
    return admins.includes(email)
  })
  return { auth, fake, adminChecks }
}

/** Supabase Storage over a fake fetch. */
export function createTestStorage(): { storage: FileStorage; fake: FakeFetch } {
  const fake = createFakeFetch()
  return { storage: createFileStorage(testOptions(fake)), fake }
}

export interface TestJar extends CookieJar {
  written: { name: string; value: string; options: CookieOptions }[]
  /** The last write of a cookie. */
  last(name: string): { value: string; options: CookieOptions } | undefined
}

/** A request's cookies: reads see what the browser sent; writes are recorded for the response. */
export function createTestJar(requestCookies: Record<string, string> = {}): TestJar {
  const written: TestJar['written'] = []
  return {
    written,
    getAll: () => Object.entries(requestCookies).map(([name, value]) => ({ name, value })),
    set: (name, value, options) => void written.push({ name, value, options }),
    last: (name) => written.findLast((cookie) => cookie.name === name),
  }
}

export const TEST_USER = {
  id: '6f1c2a9e-3b7d-4c1e-9a0f-1b2c3d4e5f60',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'admin@example.com',
  app_metadata: { provider: 'email' },
  user_metadata: {},
  created_at: '2026-11-01T10:00:00.000000Z',
}

/** A session as Supabase Auth returns it, expiring `expiresIn` seconds from now. */
export function testSession(expiresIn = 3600, suffix = '1') {
  return {
    access_token: `access-token-${suffix}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: `refresh-token-${suffix}`,
    user: TEST_USER,
  }
}

/** The cookie value @supabase/ssr writes for a session (base64url JSON with a prefix). */
export function sessionCookieValue(session: object): string {
  return `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`
}

export function decodeSessionCookie(value: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(value.replace(/^base64-/, ''), 'base64url').toString()) as Record<string, unknown>
}

export interface FakeStoredFile {
  bytes: Uint8Array
  contentType: string
  cacheControl: string
  createdAt: string
}

/**
 * A Storage bucket with state behind the fake fetch, answering what the app asks of Storage:
 * uploads (never over an existing file), listing (a page at a time, by name) and downloads.
 */
export function serveFakeBucket(fake: FakeFetch, bucket: string): Map<string, FakeStoredFile> {
  const files = new Map<string, FakeStoredFile>()
  const objectPath = `/storage/v1/object/${bucket}/`
  fake.fallback((request) => {
    const path = request.url.pathname
    if (request.method === 'POST' && path === `/storage/v1/object/list/${bucket}`) {
      const { limit, offset } = request.json() as { limit: number; offset: number }
      const page = [...files.keys()].sort().slice(offset, offset + limit)
      return {
        body: page.map((name) => {
          const file = files.get(name)!
          return {
            name,
            id: `id-${name}`,
            created_at: file.createdAt,
            updated_at: file.createdAt,
            metadata: { mimetype: file.contentType, cacheControl: file.cacheControl, size: file.bytes.byteLength },
          }
        }),
      }
    }
    if (!path.startsWith(objectPath)) return undefined
    const name = decodeURIComponent(path.slice(objectPath.length))
    if (request.method === 'POST') {
      if (files.has(name)) {
        return { status: 400, body: { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' } }
      }
      files.set(name, {
        bytes: new Uint8Array(request.body as Uint8Array),
        contentType: request.headers.get('content-type') ?? '',
        cacheControl: request.headers.get('cache-control') ?? '',
        createdAt: new Date().toISOString(),
      })
      return { body: { Id: `id-${name}`, Key: `${bucket}/${name}` } }
    }
    if (request.method === 'GET') {
      const file = files.get(name)
      if (!file) return { status: 400, body: { statusCode: '404', error: 'not_found', message: 'Object not found' } }
      return { body: file.bytes, headers: { 'content-type': file.contentType } }
    }
    return undefined
  })
  return files
}
