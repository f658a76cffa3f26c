/**
 * The filter measured on real text (docs/spam.md, docs/decisions/110-spam-filter.md, 260): the
 * corpus written for this project, the evaluation set written apart from the rules, and the
 * SpamAssassin public corpus. Day one is the shipped filter (rules + base model) with nothing
 * learned; the base model learned only the training halves, so it is judged on the held-out
 * halves and on the evaluation set, never on what it saw.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildBaseModel, serialised } from '../../../scripts/train-spam-base'
import {
  afterLearning,
  dayOne,
  evaluationSet,
  heldOutHalf,
  type LabelledMessage,
  measure,
  ownCorpus,
  rulesOnly,
  spamAssassin,
  TARGETS,
  trainingHalf,
  trainingOnly,
} from '../../../tests/support/spam-corpus'

const listed = (messages: { source: string; message: string }[]) =>
  messages.map((m) => `${m.source}: ${m.message.slice(0, 80)}`).join('\n')
const count = (messages: LabelledMessage[], label: 'spam' | 'ham') => messages.filter((m) => m.label === label).length

describe('the corpora', () => {
  it('hold at least 200 inquiries and 200 spam of ours, and an evaluation set of 100 of each, all with a name, an address and a message', () => {
    const own = ownCorpus()
    const evaluation = evaluationSet()
    expect(count(own, 'ham')).toBeGreaterThanOrEqual(200)
    expect(count(own, 'spam')).toBeGreaterThanOrEqual(200)
    expect(count(evaluation, 'ham')).toBeGreaterThanOrEqual(100)
    expect(count(evaluation, 'spam')).toBeGreaterThanOrEqual(100)
    for (const m of [...own, ...evaluation])
      expect(m.name.length * m.email.length * m.message.length, m.source).toBeGreaterThan(0)
  })

  it('keep the evaluation set out of what the base model learns, and the training-only texts out of what is measured', () => {
    const trained = new Set([...ownCorpus(), ...trainingOnly()].map((m) => m.message))
    expect(evaluationSet().filter((m) => trained.has(m.message))).toEqual([])
    const measured = new Set([...ownCorpus(), ...evaluationSet()].map((m) => m.message))
    expect(trainingOnly().filter((m) => measured.has(m.message))).toEqual([])
  })

  it('ship the base model the script makes from the training halves alone', () => {
    const shipped = readFileSync(join(import.meta.dirname, 'base-model.json'), 'utf8')
    expect(shipped === serialised(buildBaseModel()), 'run: node scripts/run-ts.mjs scripts/train-spam-base.ts').toBe(true)
    // Its size in the server bundle and in memory: one number per word.
    expect(shipped.length).toBeLessThan(300_000)
    expect(trainingHalf(ownCorpus()).length + heldOutHalf(ownCorpus()).length).toBe(ownCorpus().length)
  }, 60_000)
})

describe('day one: rules and the base model, nothing learned', () => {
  it('never takes one of our held-out inquiries for spam, and catches enough of our held-out spam', () => {
    const rates = measure(heldOutHalf(ownCorpus()), dayOne)
    expect(listed(rates.falsePositives)).toBe('')
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.dayOne.ownSpamCaught)
  })

  it('on the evaluation set: no inquiry judged spam, pitches caught', () => {
    const rates = measure(evaluationSet(), dayOne)
    expect(rates.hamFlagged, listed(rates.falsePositives)).toBeLessThanOrEqual(TARGETS.evaluationInquiriesFlagged)
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.dayOne.evaluationSpamCaught)
  })

  it('catches more than the rules alone and loses no inquiry they kept', () => {
    const messages = [...heldOutHalf(ownCorpus()), ...evaluationSet()]
    const rules = measure(messages, rulesOnly)
    const shipped = measure(messages, dayOne)
    expect(shipped.spamCaught).toBeGreaterThan(rules.spamCaught)
    expect(listed(rules.falsePositives)).toBe('')
  })

  it('on SpamAssassin held out: ham judged spam and spam caught within bounds', () => {
    const corpus = spamAssassin()
    expect(corpus.length).toBeGreaterThan(5000)
    const rates = measure(heldOutHalf(corpus), dayOne)
    expect(rates.hamFlagged / rates.ham).toBeLessThanOrEqual(TARGETS.dayOne.publicHamFlagged)
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.dayOne.publicSpamCaught)
  }, 60_000)
})

describe('after learning: the site model learned the training half, on top of the base model', () => {
  it('on ours: no inquiry judged spam', () => {
    const rates = afterLearning(ownCorpus())
    expect(listed(rates.falsePositives)).toBe('')
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.afterLearning.ownSpamCaught)
  })

  it('on SpamAssassin: within the targets', () => {
    const rates = afterLearning(spamAssassin())
    expect(rates.hamFlagged / rates.ham).toBeLessThanOrEqual(TARGETS.afterLearning.publicHamFlagged)
    expect(rates.spamCaught / rates.spam).toBeGreaterThanOrEqual(TARGETS.afterLearning.publicSpamCaught)
  }, 60_000)
})
