/**
 * The base model and a site's lessons together (decision 260): the base model speaks on a fresh
 * site, never condemns a message alone, and a site's 'Spam Değil' outweighs it word by word.
 */
import { describe, expect, it } from 'vitest'
import { MemoryModel } from '../../../tests/support/spam-corpus'
import { BASE_MODEL } from './base-model'
import { MESSAGES_TOKEN, spamProbability, type TokenCounts } from './bayes'
import { weigh } from './judge'

const noFacts = { counts: new Map<string, TokenCounts>(), address: null, domain: null, repeats: 0 }

describe('the shipped base model', () => {
  it('knows words of pitches and of inquiries from the first message', () => {
    expect(BASE_MODEL.size).toBeGreaterThan(5000)
    expect(BASE_MODEL.get('backlink')).toBeGreaterThan(0.7)
    expect(BASE_MODEL.get('teklif')).toBeLessThan(0.3)
    const pitch = spamProbability(['backlink', 'seo', 'unsubscribe'], new Map(), BASE_MODEL)
    const inquiry = spamProbability(['teklif', 'istiyoruz', 'erp', 'kvkk'], new Map(), BASE_MODEL)
    expect(pitch).toBeGreaterThan(0.9)
    expect(inquiry).toBeLessThan(0.1)
  })

  it('never makes a message spam on its own: a rule must add to it', () => {
    const base = new Map([['zzoffer', 0.99]])
    const judged = weigh(
      { name: 'A', email: 'a@firm.example', message: 'Hello there, a note.' },
      { ...noFacts, tokens: ['zzoffer'], base },
    )
    expect(judged.signals).toEqual([{ rule: 'model', points: 3.5 }])
    expect(judged.spam).toBe(false)
  })
})

describe("a site's lessons on top of the base model", () => {
  const base = new Map([['kampanya', 0.95]])
  const taught = (hamWithWord: number): Map<string, TokenCounts> =>
    new Map([
      [MESSAGES_TOKEN, { spam: 10, ham: 10 }],
      ['kampanya', { spam: 0, ham: hamWithWord }],
    ])

  it('is silent until the site has ten lessons of each kind, then pulls the word its way', () => {
    expect(spamProbability(['kampanya'], taught(0), base)).toBeGreaterThan(0.9)
    expect(spamProbability(['kampanya'], new Map([['kampanya', { spam: 0, ham: 9 }]]), base)).toBeGreaterThan(0.9)
    // Staff marked messages with the word 'Spam Değil' five times: the site's word outweighs the base's.
    expect(spamProbability(['kampanya'], taught(5), base)).toBeLessThan(0.5)
  })

  it("undoes a base-model mistake with 'Spam Değil': the words count as genuine, the sender is trusted", () => {
    const inquiry = {
      name: 'Derya Aslan',
      email: 'derya@aslan-kampanya.example',
      message:
        'Merhaba, yeni kampanya dönemimiz için kampanya yönetim sistemimizi yenilemek istiyoruz. Backlink raporlarımızı da tek panelde görmek istiyoruz.',
    }
    const site = new MemoryModel(
      new Map([
        ['kampanya', 0.99],
        ['backlink', 0.99],
        ['raporlarimizi', 0.99],
      ]),
    )
    const before = site.judge(inquiry)
    site.learn(inquiry, 'ham')
    const after = site.judge({ ...inquiry, email: 'ekip@aslan-kampanya.example' })
    expect(before.signals.find((s) => s.rule === 'model')?.points).toBeGreaterThan(0)
    expect(after).toMatchObject({ spam: false, signals: [{ rule: 'trusted_sender', points: 0 }] })
  })
})
