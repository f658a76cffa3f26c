import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Backend } from '../backend'
import type { FakeFetch } from './fake-fetch'
import { SupabaseDataError } from './errors.server'
import { createTestBackend, SERVICE_ROLE_KEY } from './test-backend'

const PATH = '/rest/v1/contact_messages'
const ID_1 = '0b8e6c1a-1d2f-4e3a-9b4c-5d6e7f8a9b01'
const ID_2 = '0b8e6c1a-1d2f-4e3a-9b4c-5d6e7f8a9b02'

const row = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  message: 'Merhaba, dijital dönüşüm hakkında bilgi almak istiyorum.',
  status: 'new',
  created_at: '2026-11-20T09:30:00.123456+00:00',
  read_at: null,
  ip_address: '203.0.113.7',
  ...overrides,
})

let backend: Backend
let fake: FakeFetch

beforeEach(async () => {
  ;({ backend, fake } = await createTestBackend())
})

afterEach(async () => {
  expect(fake.unhandled).toEqual([])
  await backend.close()
})

const COUNTS_PATH = '/rest/v1/contact_message_counts'
const counts = (n: { new?: number; read?: number; archived?: number }) => ({
  body: [
    { status: 'archived', n: n.archived ?? 0 },
    { status: 'new', n: n.new ?? 0 },
    { status: 'read', n: n.read ?? 0 },
  ],
})

describe('messages.list', () => {
  it('pages newest first, with the total and unread count from the counter table', async () => {
    fake
      .on('GET', PATH, { body: [row(ID_2), row(ID_1, { status: 'read', read_at: '2026-11-20T10:00:00+00:00' })] })
      .on('GET', COUNTS_PATH, counts({ new: 7, read: 2, archived: 3 }))

    const page = await backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50 })

    const [list] = fake.to('GET', PATH)
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      select: 'id,name,email,message,status,created_at,read_at,ip_address',
      order: 'created_at.desc,id.desc',
      offset: '0',
      limit: '50',
    })
    // No count on the page request: the counts come from contact_message_counts.
    expect(list!.headers.get('prefer')).toBeNull()
    expect(Object.fromEntries(fake.to('GET', COUNTS_PATH)[0]!.url.searchParams)).toEqual({ select: 'status,n' })

    expect(page).toEqual({
      items: [
        {
          id: ID_2,
          name: 'Ayşe Yılmaz',
          email: 'ayse@example.com',
          message: 'Merhaba, dijital dönüşüm hakkında bilgi almak istiyorum.',
          status: 'new',
          createdAt: '2026-11-20T09:30:00.123Z',
          readAt: null,
          ipAddress: '203.0.113.7',
        },
        expect.objectContaining({ id: ID_1, status: 'read', readAt: '2026-11-20T10:00:00.000Z' }),
      ],
      total: 12,
      totalExact: true,
      unread: 7,
      page: 1,
      pageSize: 50,
    })
  })

  it('filters by status and asks for the requested page', async () => {
    fake.on('GET', PATH, { body: [] }).on('GET', COUNTS_PATH, counts({ new: 3, archived: 25 }))

    const page = await backend.messages.list({ status: 'archived', search: '  ', page: 3, pageSize: 10 })

    const params = fake.to('GET', PATH)[0]!.url.searchParams
    expect(params.get('status')).toBe('eq.archived')
    expect(params.get('offset')).toBe('20')
    expect(params.get('limit')).toBe('10')
    expect(params.has('or')).toBe(false)
    expect(page).toMatchObject({ total: 25, totalExact: true, unread: 3 })
  })

  it('counts a search with a probe at the cap, and exactly only below it', async () => {
    fake
      .on('GET', PATH, { body: [] })
      .on('GET', COUNTS_PATH, counts({ new: 4 }))
      .on('GET', PATH, { body: [{ id: ID_1 }] })
      .on('GET', PATH, { body: [] })
      .on('GET', COUNTS_PATH, counts({ new: 4 }))
      .on('GET', PATH, { body: [] })
      .on('HEAD', PATH, { headers: { 'content-range': '*/42' } })

    const capped = await backend.messages.list({ status: 'read', search: 'x', page: 1, pageSize: 50 })
    const exact = await backend.messages.list({ status: 'read', search: 'x', page: 1, pageSize: 50 })

    expect(capped).toMatchObject({ total: 1000, totalExact: false, unread: 4 })
    expect(exact).toMatchObject({ total: 42, totalExact: true, unread: 4 })
    const probe = fake.to('GET', PATH)[1]!.url.searchParams
    expect(Object.fromEntries(probe)).toMatchObject({ select: 'id', status: 'eq.read', offset: '1000', limit: '1' })
    expect(probe.get('or')).toContain('name.ilike."%x%"')
    const recount = fake.to('HEAD', PATH)[0]!
    expect(recount.url.searchParams.get('status')).toBe('eq.read')
    expect(recount.headers.get('prefer')).toBe('count=exact')
  })

  it('sends the search as a quoted, escaped or-filter on name, e-mail and message', async () => {
    fake
      .on('GET', PATH, { body: [] })
      .on('GET', COUNTS_PATH, counts({}))
      .on('GET', PATH, { body: [] })
      .on('HEAD', PATH, { headers: { 'content-range': '*/0' } })

    await backend.messages.list({ status: 'new', search: ' 50%_off\\ "a,b" (x). y*z ', page: 1, pageSize: 50 })

    const request = fake.to('GET', PATH)[0]!
    // LIKE escapes (\% \_ \\), then PostgREST quoting (\ and " escaped inside "…").
    const value = String.raw`"%50\\%\\_off\\\\ \"a,b\" (x). y_z%"`
    expect(request.url.searchParams.get('or')).toBe(`(name.ilike.${value},email.ilike.${value},message.ilike.${value})`)
    expect(request.url.search).toContain('%22') // the quotes travel percent-encoded
    expect(request.url.searchParams.get('status')).toBe('eq.new')
  })

  it('keeps emoji and Turkish letters whole inside the quoted value', async () => {
    fake
      .on('GET', PATH, { body: [] })
      .on('GET', COUNTS_PATH, counts({}))
      .on('GET', PATH, { body: [] })
      .on('HEAD', PATH, { headers: { 'content-range': '*/0' } })

    await backend.messages.list({ status: 'all', search: '🚀 İstanbul ılık', page: 1, pageSize: 50 })

    const value = '"%🚀 İstanbul ılık%"'
    expect(fake.to('GET', PATH)[0]!.url.searchParams.get('or')).toBe(
      `(name.ilike.${value},email.ilike.${value},message.ilike.${value})`,
    )
  })

  it('answers a page past the end with no items and the counted total', async () => {
    fake
      .on('GET', PATH, {
        status: 416,
        body: {
          code: 'PGRST103',
          message: 'Requested range not satisfiable',
          details: 'An offset of 50 was requested, but there are only 3 rows.',
          hint: null,
        },
      })
      .on('GET', COUNTS_PATH, counts({ new: 1 }))
      .on('GET', PATH, {
        status: 416,
        body: { code: 'PGRST103', message: 'Requested range not satisfiable', details: null, hint: null },
      })
      .on('HEAD', PATH, { headers: { 'content-range': '*/3' } })

    const page = await backend.messages.list({ status: 'read', search: 'x', page: 2, pageSize: 50 })

    expect(page).toEqual({ items: [], total: 3, totalExact: true, unread: 1, page: 2, pageSize: 50 })
  })

  it('throws a SupabaseDataError carrying PostgREST’s code', async () => {
    fake
      .on('GET', PATH, { status: 400, body: { code: 'PGRST100', message: 'failed to parse filter', details: null, hint: null } })
      .on('GET', COUNTS_PATH, counts({}))

    const failure = backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50 })

    await expect(failure).rejects.toBeInstanceOf(SupabaseDataError)
    await expect(failure).rejects.toMatchObject({ code: 'PGRST100', message: expect.stringContaining('list messages') })
  })
})

describe('messages.get', () => {
  it('returns null for a malformed id without asking Supabase', async () => {
    await expect(backend.messages.get('not-a-uuid')).resolves.toBeNull()
    await expect(backend.messages.get(`${ID_1}'`)).resolves.toBeNull()
    expect(fake.requests).toEqual([])
  })

  it('reads one row by id, null when unknown', async () => {
    fake.on('GET', PATH, { body: [row(ID_1)] }).on('GET', PATH, { body: [] })

    await expect(backend.messages.get(ID_1)).resolves.toMatchObject({ id: ID_1, ipAddress: '203.0.113.7' })
    await expect(backend.messages.get(ID_2)).resolves.toBeNull()
    expect(fake.to('GET', PATH).map((r) => r.url.searchParams.get('id'))).toEqual([`eq.${ID_1}`, `eq.${ID_2}`])
  })
})

describe('messages writes', () => {
  it('creates a message and returns its id and creation time', async () => {
    fake.on('POST', PATH, { status: 201, body: { id: ID_1, created_at: '2026-11-21T08:00:00.5+00:00' } })

    const created = await backend.messages.create({ name: 'Can', email: 'can@example.com', message: 'Bir teklif rica ediyorum.' })

    expect(created).toEqual({ id: ID_1, createdAt: '2026-11-21T08:00:00.500Z' })
    const request = fake.to('POST', PATH)[0]!
    expect(request.json()).toEqual({
      name: 'Can',
      email: 'can@example.com',
      message: 'Bir teklif rica ediyorum.',
      ip_address: null,
    })
    expect(request.url.searchParams.get('select')).toBe('id,created_at')
    // Only the server inserts messages, as the service role: anon and authenticated have no
    // INSERT grant or policy on contact_messages (docs/decisions/005-contact-insert-path.md).
    expect(request.headers.get('apikey')).toBe(SERVICE_ROLE_KEY)
    expect(request.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
  })

  it('applies one patch to every valid id and returns the rows newest first', async () => {
    fake.on('PATCH', PATH, {
      body: [
        row(ID_1, { status: 'read', read_at: '2026-11-21T08:00:00+00:00', created_at: '2026-11-19T08:00:00+00:00' }),
        row(ID_2, { status: 'read', read_at: '2026-11-21T08:00:00+00:00' }),
      ],
    })

    const rows = await backend.messages.update([ID_1, 'bogus', ID_2, ID_1], {
      status: 'read',
      readAt: '2026-11-21T08:00:00.000Z',
    })

    expect(rows.map((m) => m.id)).toEqual([ID_2, ID_1])
    const request = fake.to('PATCH', PATH)[0]!
    expect(request.url.searchParams.get('id')).toBe(`in.(${ID_1},${ID_2})`)
    expect(request.json()).toEqual({ status: 'read', read_at: '2026-11-21T08:00:00.000Z' })
  })

  it('leaves read_at alone when the patch does not set it', async () => {
    fake.on('PATCH', PATH, { body: [row(ID_1, { status: 'archived' })] })

    await backend.messages.update([ID_1], { status: 'archived' })

    expect(fake.to('PATCH', PATH)[0]!.json()).toEqual({ status: 'archived' })
  })

  it('updates only rows still in the expected status when given a condition', async () => {
    fake.on('PATCH', PATH, { body: [] })

    await expect(backend.messages.update([ID_1], { status: 'archived' }, { status: 'read' })).resolves.toEqual([])

    const request = fake.to('PATCH', PATH)[0]!
    expect(request.url.searchParams.get('id')).toBe(`in.(${ID_1})`)
    expect(request.url.searchParams.get('status')).toBe('eq.read')
  })

  it('reads several rows in one request, newest first, skipping malformed ids', async () => {
    fake.on('GET', PATH, { body: [row(ID_1, { created_at: '2026-11-19T08:00:00+00:00' }), row(ID_2)] })

    const rows = await backend.messages.getMany([ID_1, 'bogus', ID_2])

    expect(rows.map((m) => m.id)).toEqual([ID_2, ID_1])
    expect(fake.to('GET', PATH)[0]!.url.searchParams.get('id')).toBe(`in.(${ID_1},${ID_2})`)
    await expect(backend.messages.getMany(['bogus'])).resolves.toEqual([])
    expect(fake.to('GET', PATH)).toHaveLength(1)
  })

  it('removes rows and returns how many went', async () => {
    fake.on('DELETE', PATH, { status: 204, headers: { 'content-range': '*/2' } })

    await expect(backend.messages.remove([ID_1, ID_2])).resolves.toBe(2)
    const request = fake.to('DELETE', PATH)[0]!
    expect(request.url.searchParams.get('id')).toBe(`in.(${ID_1},${ID_2})`)
    expect(request.headers.get('prefer')).toBe('count=exact')
  })

  it('does nothing for ids that cannot exist', async () => {
    await expect(backend.messages.update(['x'], { status: 'read' })).resolves.toEqual([])
    await expect(backend.messages.remove([])).resolves.toBe(0)
    expect(fake.requests).toEqual([])
  })

  it('fails loudly when Supabase cannot be reached', async () => {
    fake.on('POST', PATH, new TypeError('fetch failed'))

    await expect(
      backend.messages.create({ name: 'Can', email: 'can@example.com', message: 'Bir teklif rica ediyorum.' }),
    ).rejects.toThrow(/create message failed/)
  })
})

it('uses the service role for data, after the app has authorized the call', async () => {
  fake.on('GET', PATH, { body: [] })

  await backend.messages.get(ID_1)

  const request = fake.requests[0]!
  expect(request.headers.get('apikey')).toBe(SERVICE_ROLE_KEY)
  expect(request.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
})
