/**
 * Contract: the inbox search takes whatever a person types literally. A term with three letters
 * or digits in a row is a substring of name, e-mail or message; a shorter one matches the start
 * of a word of the name or e-mail address, or the start of either (decision 077). Characters that
 * are syntax somewhere on the way (LIKE wildcards, quotes, backslashes, parentheses) must neither
 * break the query nor widen it; emoji and Turkish letters must match themselves.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { runTag, type Subject } from './contract-subject'

/** Creates messages once per group and finds which of them a search returns, by key. */
function taggedMessages(subject: Subject, rows: Record<string, { name?: string; email?: string; message: string }>) {
  const ids = new Map<string, string>()
  afterAll(async () => {
    await subject().backend.messages.remove([...ids.values()])
  })
  return async function find(search: string): Promise<string[]> {
    if (ids.size === 0) {
      for (const [key, row] of Object.entries(rows)) {
        const { id } = await subject().backend.messages.create({
          name: row.name ?? 'Hostile Search',
          email: row.email ?? `${runTag()}@example.com`,
          message: row.message,
        })
        ids.set(id, key)
      }
    }
    // Short searches are not narrowed by a tag: keep only this group's rows of the result.
    const page = await subject().backend.messages.list({ status: 'all', search, page: 1, pageSize: 1000 })
    return page.items.flatMap((m) => ids.get(m.id) ?? []).sort()
  }
}

export function describeHostileSearch(subject: Subject): void {
  describe('messages: search with hostile text', () => {
    const tag = runTag()
    // Every message carries the run's tag, and every search below has a trigram, so it is a
    // substring search over the three columns.
    const find = taggedMessages(subject, {
      comma: { message: `Budget abc,def approved ${tag}` },
      plainComma: { message: `Budget abc def approved ${tag}` },
      parens: { message: `Call fun(x) tomorrow ${tag}` },
      plainParens: { message: `Call funx tomorrow ${tag}` },
      quotes: { message: `He said "ship it" today ${tag}` },
      plainQuotes: { message: `He said ship it today ${tag}` },
      backslashQuote: { message: `Escaped abc\\" sequence ${tag}` },
      injection: { message: `x",message.not.is.null,name.eq."y ${tag}` },
      emoji: { message: `Launch 🚀 next week 👍🏽 ${tag}` },
      dottedI: { message: `Ofisimiz İstanbul merkezde ${tag}` },
      dotlessI: { message: `Yılmaz Bey ılık karşılandı ${tag}` },
      plainI: { message: `Yilmaz Bey ilik karsilandi ${tag}` },
    })

    it.each([
      [`approved ${tag}`, ['comma', 'plainComma']],
      ['abc,def', ['comma']],
      ['fun(x)', ['parens']],
      ['fun(', ['parens']],
      ['"ship it"', ['quotes']],
      ['abc\\"', ['backslashQuote']],
      ['",message.not.is.null,name.eq."', ['injection']],
      ['Launch 🚀', ['emoji']],
      ['week 👍🏽', ['emoji']],
      ['İstanbul', ['dottedI']],
      ['ılık', ['dotlessI']],
      ['ilik', ['plainI']],
    ])('%j finds exactly the messages that contain it', async (search, expected) => {
      expect(await find(search)).toEqual([...expected].sort())
    })

    it('does not fold dotless ı into I: "YILMAZ" finds Yilmaz, not Yılmaz (PostgreSQL, not Turkish, case rules)', async () => {
      expect(await find('YILMAZ')).toEqual(['plainI'])
    })

    it('returns nothing, without failing, for text made only of syntax', async () => {
      for (const search of ['%', '_', '\\', '",', '()', '"', '*,*', '.or(']) {
        const page = await subject().backend.messages.list({ status: 'all', search: `${search}${tag}zz`, page: 1, pageSize: 10 })
        expect(page.total, search).toBe(0)
      }
    })
  })

  describe('messages: short searches match word starts of name and address', () => {
    const tag = runTag()
    const find = taggedMessages(subject, {
      ayse: { name: 'Ayşe Yılmaz', email: `ayse.${tag}@example.com`, message: `Bir ERP projesi ${tag}` },
      ilker: { name: 'İlker Işık', email: `x@${tag}.example.com`, message: 'Hello, a question about your services.' },
      oyku: { name: 'Öykü Demir', email: `${tag}@example.net`, message: 'Ay sonunda görüşebilir miyiz? x@y, 50% (a_b)' },
    })

    it.each([
      ['ay', ['ayse']],
      ['Y', ['ayse']],
      ['ö', ['oyku']],
      ['Öy', ['oyku']],
      ['iş', ['ilker']],
      ['İl', ['ilker']],
      ['de', ['oyku']],
      ['x@', ['ilker']],
      ['x@f', []],
    ])('%j finds exactly the messages with a word of name or address starting so', async (search, expected) => {
      expect(await find(search)).toEqual([...expected].sort())
    })

    it('never looks inside the message, nor inside a word', async () => {
      // "Ay sonunda…", "x@y", "50%" and "(a_b)" are in oyku's message; "em" is inside "Demir".
      for (const search of ['em', 'so', '50', '%', '_', '(', 'a_', ',', '"', '\\', '🚀']) {
        expect(await find(search), search).toEqual([])
      }
    })
  })
}
