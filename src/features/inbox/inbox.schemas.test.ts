import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import {
  BulkIdsInputSchema,
  BulkUpdateStatusInputSchema,
  ExportMessagesInputSchema,
  ListMessagesInputSchema,
  MessageIdInputSchema,
} from './inbox.schemas'
import { parseInboxSearch } from './inbox.search'

const MAX_PAGE = LIMITS.inbox.maxPage

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
// What a URL may hold, beyond what the input type lets a link give.
const parse = (input: Record<string, unknown>) => parseInboxSearch(input as never)

describe('parseInboxSearch (the route’s search params)', () => {
  it('defaults to everything on page one', () => {
    expect(parse({})).toEqual({ status: 'all', q: '', page: 1, id: undefined })
  })

  it('keeps valid values', () => {
    expect(parse({ status: 'archived', q: 'ayşe', page: 3, id: ID })).toEqual({
      status: 'archived',
      q: 'ayşe',
      page: 3,
      id: ID,
    })
  })

  it.each([['junk'], [1], [null], [['new']]])('falls back to all for status %j', (status) => {
    expect(parse({ status }).status).toBe('all')
  })

  it('trims the search, caps its length and drops control characters', () => {
    expect(parse({ q: '  merhaba  ' }).q).toBe('merhaba')
    expect(parse({ q: 'a\u0000b' }).q).toBe('ab')
    expect(parse({ q: 'x'.repeat(500) }).q).toHaveLength(LIMITS.inbox.searchMax)
    expect(parse({ q: `${'x'.repeat(LIMITS.inbox.searchMax - 1)}😀` }).q).toBe('x'.repeat(LIMITS.inbox.searchMax - 1))
    expect(parse({ q: 'satır\tbir' }).q).toBe('satır\tbir')
  })

  it('mends lone surrogates as stored contact text does, and keeps whole emoji', () => {
    expect(parse({ q: 'a\uD800b' }).q).toBe('a\uFFFDb')
    expect(parse({ q: 'a\uDC00b😀' }).q).toBe('a\uFFFDb😀')
  })

  it('reads a number the router parsed from ?q=2024 as text', () => {
    expect(parse({ q: 2024 }).q).toBe('2024')
  })

  it.each([[{ q: { a: 1 } }], [{ q: true }]])('falls back to no search for %j', (input) => {
    expect(parse(input).q).toBe('')
  })

  it.each([[0], [-2], [1.5], ['abc'], [MAX_PAGE + 1], [Number.NaN], [null]])('falls back to page 1 for %j', (page) => {
    expect(parse({ page }).page).toBe(1)
  })

  it('accepts a page given as digits', () => {
    expect(parse({ page: '4' }).page).toBe(4)
  })

  it.each([['not-a-uuid'], [42], ["' or 1=1 --"]])('drops a selected id %j that is not a uuid', (id) => {
    expect(parse({ id }).id).toBeUndefined()
  })

  it('keeps the other params when one is bad', () => {
    expect(parse({ status: 'nope', q: 'x', page: 'y', id: ID })).toEqual({ status: 'all', q: 'x', page: 1, id: ID })
  })

  it('takes as an id exactly what the server functions take', () => {
    for (const id of [ID, ID.toUpperCase(), `${ID}x`, ID.replaceAll('-', ''), ` ${ID}`]) {
      expect(parse({ id }).id !== undefined).toBe(v.safeParse(MessageIdInputSchema, { id }).success)
    }
  })
})

describe('the route’s dates', () => {
  it('keeps what the link gives, for the page to say what is wrong with it', () => {
    expect(parse({ from: '2026-12-01', to: '2026-12-07' })).toMatchObject({ from: '2026-12-01', to: '2026-12-07' })
    expect(parse({ from: 'dün', to: 20261207 })).toMatchObject({ from: 'dün', to: '20261207' })
    expect(parse({ from: '', to: { x: 1 } })).toEqual({ status: 'all', q: '', page: 1, id: undefined })
    expect(parse({ from: 'x'.repeat(100) }).from).toHaveLength(32)
  })
})

describe('server function inputs', () => {
  it('list input is strict', () => {
    expect(v.safeParse(ListMessagesInputSchema, { status: 'junk', q: '', page: 1 }).success).toBe(false)
    expect(v.safeParse(ListMessagesInputSchema, { status: 'all', q: '', page: 0 }).success).toBe(false)
    expect(v.safeParse(ListMessagesInputSchema, { status: 'all', q: 'x'.repeat(1000), page: 1 }).success).toBe(false)
    expect(v.parse(ListMessagesInputSchema, { status: 'new', q: '  a ', page: 2 })).toEqual({ status: 'new', q: 'a', page: 2 })
  })

  it("takes ?reply=waiting with the other filters, in the URL and in the list's and export's inputs", () => {
    expect(parse({ reply: 'waiting', status: 'new', q: 'erp', owner: 'me' })).toMatchObject({
      reply: 'waiting',
      status: 'new',
      q: 'erp',
      owner: 'me',
    })
    expect(parse({ reply: 'answered' })).not.toHaveProperty('reply')
    expect(v.parse(ListMessagesInputSchema, { status: 'all', q: '', page: 1, reply: 'waiting' })).toMatchObject({
      reply: 'waiting',
    })
    expect(v.safeParse(ListMessagesInputSchema, { status: 'all', q: '', page: 1, reply: 'yes' }).success).toBe(false)
    expect(v.safeParse(ExportMessagesInputSchema, { status: 'all', q: '', reply: 'waiting' }).success).toBe(true)
  })

  it('list and export take Istanbul days in order, or refuse them', () => {
    for (const schema of [ListMessagesInputSchema, ExportMessagesInputSchema]) {
      const base = { status: 'all', q: '', page: 1 }
      expect(v.parse(schema, { ...base, from: '2026-12-01', to: '2026-12-07' })).toMatchObject({
        from: '2026-12-01',
        to: '2026-12-07',
      })
      expect(v.parse(schema, { ...base, from: '2026-12-07', to: '2026-12-07' })).toMatchObject({ from: '2026-12-07' })
      expect(v.safeParse(schema, { ...base, from: '2026-12-08', to: '2026-12-07' }).success).toBe(false)
      for (const bad of ['2026-02-30', '07.12.2026', '2026-12-07T00:00:00Z', ''])
        expect(v.safeParse(schema, { ...base, to: bad }).success, bad).toBe(false)
    }
  })

  it('bulk ids must be uuids, at least one, at most the bulk limit, and are de-duplicated', () => {
    expect(v.safeParse(BulkIdsInputSchema, { ids: [] }).success).toBe(false)
    expect(v.safeParse(BulkIdsInputSchema, { ids: ['x'] }).success).toBe(false)
    expect(v.safeParse(BulkIdsInputSchema, { ids: Array(LIMITS.inbox.bulkMax + 1).fill(ID) }).success).toBe(false)
    expect(v.parse(BulkIdsInputSchema, { ids: [ID, ID.toUpperCase()] })).toEqual({ ids: [ID] })
  })

  it('bulk status takes only the two actions', () => {
    expect(v.safeParse(BulkUpdateStatusInputSchema, { ids: [ID], action: 'read' }).success).toBe(true)
    expect(v.safeParse(BulkUpdateStatusInputSchema, { ids: [ID], action: 'new' }).success).toBe(false)
  })

  it('export checks the time zone', () => {
    expect(v.parse(ExportMessagesInputSchema, { status: 'all', q: '' }).timeZone).toBe('UTC')
    expect(v.parse(ExportMessagesInputSchema, { status: 'all', q: '', timeZone: 'Europe/Istanbul' }).timeZone).toBe(
      'Europe/Istanbul',
    )
    expect(v.safeParse(ExportMessagesInputSchema, { status: 'all', q: '', timeZone: 'Mars/Base' }).success).toBe(false)
  })
})
