/** The filter measured on real text (docs/spam.md, docs/decisions/110-spam-filter.md): the corpus
 * written for this project and the SpamAssassin public corpus. */
import { describe, expect, it } from 'vitest'
import { crossValidated, measure, ownCorpus, rulesOnly, spamAssassin, TARGETS } from '../../../tests/support/spam-corpus'

const listed = (messages: { source: string; message: string }[]) =>
  messages.map((m) => `${m.source}: ${m.message.slice(0, 80)}`).join('\n')

describe('the spam filter on the corpus written for this project', () => {
  const corpus = ownCorpus()

  it('holds at least 200 inquiries and 200 spam messages, each with a name, an address and a message', () => {
    expect(corpus.filter((m) => m.label === 'ham').length).toBeGreaterThanOrEqual(200)
    expect(corpus.filter((m) => m.label === 'spam').length).toBeGreaterThanOrEqual(200)
    for (const m of corpus) expect(m.name.length * m.email.length * m.message.length, m.source).toBeGreaterThan(0)
  })

  it('never takes an inquiry for spam with the rules alone, as on a fresh site', () => {
    const rates = measure(corpus, rulesOnly)
    expect(listed(rates.falsePositives)).toBe('')
  })

  it(`with a model learned from the other half: no inquiry judged spam, ≥ ${TARGETS.ownSpamCaught * 100} % of spam caught`, () => {
    const rates = crossValidated(corpus)
    expect(listed(rates.falsePositives)).toBe('')
    expect(rates.hamFlagged).toBe(TARGETS.ownInquiriesFlagged)
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.ownSpamCaught)
  })
})

describe('the spam filter on the SpamAssassin public corpus', () => {
  it(`with a model learned from the other half: ≤ ${TARGETS.publicHamFlagged * 100} % of ham judged spam, ≥ ${TARGETS.publicSpamCaught * 100} % of spam caught`, () => {
    const corpus = spamAssassin()
    expect(corpus.length).toBeGreaterThan(5000)
    const rates = crossValidated(corpus)
    expect(rates.hamFlagged / rates.ham).toBeLessThanOrEqual(TARGETS.publicHamFlagged)
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.publicSpamCaught)
  }, 120_000)
})
