/**
 * Contract: the inbox search takes whatever a person types literally. Characters that are syntax
 * somewhere on the way (LIKE wildcards, PostgREST's `or=(…)` grammar, quotes, backslashes) must
 * neither break the query nor widen it; emoji and Turkish letters must match themselves.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { runTag, type Subject } from './contract-subject'

export function describeHostileSearch(subject: Subject): void {
  describe('messages: search with hostile text', () => {
    const tag = runTag()
    const created: string[] = []
    // Each message carries the run's tag, so a search sees only these rows (plus nothing else,
    // whatever else a shared database holds) once results are narrowed to the tag.
    const TEXTS = {
      comma: `Budget a,b approved ${tag}`,
      plainComma: `Budget a b approved ${tag}`,
      parens: `Call f(x) tomorrow ${tag}`,
      plainParens: `Call fx tomorrow ${tag}`,
      quotes: `He said "ship it" today ${tag}`,
      plainQuotes: `He said ship it today ${tag}`,
      backslashQuote: `Escaped \\" sequence ${tag}`,
      injection: `x",message.not.is.null,name.eq."y ${tag}`,
      emoji: `Launch 🚀 next week 👍🏽 ${tag}`,
      dottedI: `Ofisimiz İstanbul merkezde ${tag}`,
      dotlessI: `Yılmaz Bey ılık karşılandı ${tag}`,
      plainI: `Yilmaz Bey ilik karsilandi ${tag}`,
    }

    afterAll(async () => {
      await subject().backend.messages.remove(created)
    })

    async function seed(): Promise<void> {
      if (created.length > 0) return
      for (const message of Object.values(TEXTS)) {
        const { id } = await subject().backend.messages.create({ name: 'Hostile Search', email: `${tag}@example.com`, message })
        created.push(id)
      }
    }

    /** The tagged messages a search returns, as keys of TEXTS, sorted. */
    async function find(search: string): Promise<string[]> {
      await seed()
      const page = await subject().backend.messages.list({ status: 'all', search, page: 1, pageSize: 100 })
      const byText = new Map(Object.entries(TEXTS).map(([key, text]) => [text, key]))
      return page.items.flatMap((m) => byText.get(m.message) ?? []).sort()
    }

    it.each([
      [',', ['comma', 'injection']],
      ['a,b', ['comma']],
      ['(x)', ['parens']],
      ['f(', ['parens']],
      [')', ['parens']],
      ['"ship it"', ['quotes']],
      ['\\"', ['backslashQuote']],
      ['",message.not.is.null,name.eq."', ['injection']],
      ['🚀', ['emoji']],
      ['👍🏽', ['emoji']],
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
}
