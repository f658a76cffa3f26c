/**
 * Contract: the spam filter (Backend.spam) on every mode's database. What staff teach holds for
 * the next judgement: a domain marked 'Spam Değil' is trusted, a free-mail one only for the
 * address; the same text from several addresses is caught; the form's signing key is shared.
 * Addresses carry the run's tag, so a shared database is no problem.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { runTag, type Subject } from './contract-subject'

/** What the rules alone call spam: an SEO pitch with a shortened link. */
const PITCH =
  'Hi there, I came across your website and noticed it is not on the first page of Google. We offer SEO services at an affordable price. Interested? https://bit.ly/seo-offer'

export function describeSpam(subject: Subject): void {
  describe('spam filter', () => {
    const tag = runTag()
    const created: string[] = []

    afterAll(async () => {
      await subject().backend.messages.remove(created)
    })

    async function stored(email: string, message: string) {
      const { messages } = subject().backend
      const { id } = await messages.create({ name: 'Contract Sender', email, message })
      created.push(id)
      return (await messages.getMany([id]))[0]!
    }

    it('judges a pitch spam and an inquiry not, by the rules alone', async () => {
      const { spam } = subject().backend
      const pitch = await spam.judge({ name: 'Mark', email: `mark@${tag}-seo.example`, message: PITCH })
      const inquiry = await spam.judge({
        name: 'Ayşe Kaya',
        email: `ayse@${tag}-tekstil.example`,
        message: "Merhaba, 120 çalışanlı bir tekstil firmasıyız ve ERP'ye geçmek istiyoruz. Görüşebilir miyiz?",
      })
      expect(pitch.spam).toBe(true)
      expect(pitch.signals.map((s) => s.rule)).toContain('shortener')
      expect(inquiry.spam).toBe(false)
    })

    it("trusts a sender's domain once staff mark one of its messages 'ham': the rules' verdict no longer holds", async () => {
      const { spam } = subject().backend
      const domain = `${tag}-partner.example`
      expect((await spam.judge({ name: 'Ali', email: `ali@${domain}`, message: PITCH })).spam).toBe(true)
      await spam.learn([await stored(`info@${domain}`, PITCH)], 'ham')
      const after = await spam.judge({ name: 'Ali', email: `ali@${domain}`, message: PITCH })
      expect(after).toMatchObject({ spam: false, signals: [{ rule: 'trusted_sender' }] })
    })

    it('trusts only the address, not the free-mail domain, and condemns an address marked spam', async () => {
      const { spam } = subject().backend
      const friend = `friend.${tag}@gmail.com`
      await spam.learn([await stored(friend, PITCH)], 'ham')
      expect((await spam.judge({ name: 'Friend', email: friend, message: PITCH })).spam).toBe(false)
      expect((await spam.judge({ name: 'Stranger', email: `stranger.${tag}@gmail.com`, message: PITCH })).spam).toBe(true)

      const pest = `pest.${tag}@gmail.com`
      const inquiry = 'Merhaba, fiyat teklifi almak istiyoruz, bizi arayabilir misiniz?'
      expect((await spam.judge({ name: 'Pest', email: pest, message: inquiry })).spam).toBe(false)
      await spam.learn([await stored(pest, inquiry)], 'spam')
      expect((await spam.judge({ name: 'Pest', email: pest, message: inquiry })).spam).toBe(true)
    })

    it('moves a message learned the other way instead of counting it twice, and learns nothing twice', async () => {
      const { spam } = subject().backend
      const message = await stored(`twice.${tag}@${tag}-twice.example`, `Relearned ${tag} message about quarterly planning.`)
      await spam.learn([message], 'spam')
      await spam.learn([message], 'spam')
      await spam.learn([message], 'ham')
      const setup = subject().setup
      if (!setup) return
      const own = await setup.query<{ spam: number; ham: number }>('select spam, ham from public.spam_tokens where token = $1', [
        `from:${tag}-twice.example`,
      ])
      expect(own.rows).toEqual([{ spam: 0, ham: 1 }])
    })

    it('takes the same text from a third address within hours as spam', async () => {
      const { spam } = subject().backend
      const text = `Hello, we are reaching many firms today about ${tag} partnership opportunities in your region and beyond.`
      const verdicts = []
      for (const who of ['a', 'b', 'c'])
        verdicts.push(await spam.judge({ name: 'Sender', email: `${who}.${tag}@example.org`, message: text }))
      expect(verdicts.map((v) => v.signals.some((s) => s.rule === 'repeated'))).toEqual([false, true, true])
      expect(verdicts[2]?.spam).toBe(true)
    })

    it('keeps one signing key for the form stamp, the same on every call', async () => {
      const { spam } = subject().backend
      const [a, b] = await Promise.all([spam.stampKey(), spam.stampKey()])
      expect(a.length).toBe(32)
      expect(b.equals(a)).toBe(true)
    })
  })
}
