import { describe, expect, it } from 'vitest'
import { bulkPatches, openPatch, toggleAction, togglePatch } from './message-status'

const now = new Date('2026-05-01T10:00:00.000Z')

describe('openPatch', () => {
  it('marks a new message read with read_at now', () => {
    expect(openPatch('new', now)).toEqual({ status: 'read', readAt: now.toISOString() })
  })
  it('leaves read and archived messages unchanged', () => {
    expect(openPatch('read', now)).toBeNull()
    expect(openPatch('archived', now)).toBeNull()
  })
})

describe('togglePatch', () => {
  it('new → read, setting read_at', () => {
    expect(togglePatch('new', now)).toEqual({ status: 'read', readAt: now.toISOString() })
  })
  it('read → archived, read_at untouched', () => {
    const patch = togglePatch('read', now)
    expect(patch).toEqual({ status: 'archived' })
    expect('readAt' in patch!).toBe(false)
  })
  it('archived → read, read_at untouched', () => {
    const patch = togglePatch('archived', now)
    expect(patch).toEqual({ status: 'read' })
    expect('readAt' in patch!).toBe(false)
  })
})

it('togglePatch leaves spam as it is', () => {
  expect(togglePatch('spam', now)).toBeNull()
})

describe('toggleAction', () => {
  it('offers mark-read for new and archived, archive for read', () => {
    expect(toggleAction('new')).toBe('read')
    expect(toggleAction('archived')).toBe('read')
    expect(toggleAction('read')).toBe('archive')
  })
})

describe('bulkPatches', () => {
  const messages = [
    { id: 'a', status: 'new' as const },
    { id: 'b', status: 'read' as const },
    { id: 'c', status: 'archived' as const },
    { id: 'd', status: 'new' as const },
  ]

  it('mark read: new get read_at now, archived keep theirs, read are skipped', () => {
    expect(bulkPatches(messages, 'read', now)).toEqual([
      { ids: ['a', 'd'], patch: { status: 'read', readAt: now.toISOString() } },
      { ids: ['c'], patch: { status: 'read' } },
    ])
  })

  it('archive: new get read_at now, read keep theirs, archived are skipped', () => {
    expect(bulkPatches(messages, 'archive', now)).toEqual([
      { ids: ['a', 'd'], patch: { status: 'archived', readAt: now.toISOString() } },
      { ids: ['b'], patch: { status: 'archived' } },
    ])
  })

  it('nothing to do when all are already there', () => {
    expect(bulkPatches([{ id: 'b', status: 'read' }], 'read', now)).toEqual([])
  })

  it('leaves spam alone: only "Spam Değil" takes a message out of spam', () => {
    expect(bulkPatches([{ id: 's', status: 'spam' }], 'read', now)).toEqual([])
    expect(bulkPatches([{ id: 's', status: 'spam' }, ...messages], 'archive', now)).toEqual([
      { ids: ['a', 'd'], patch: { status: 'archived', readAt: now.toISOString() } },
      { ids: ['b'], patch: { status: 'archived' } },
    ])
  })
})
