import { describe, expect, it } from 'vitest'
import { CONTACT_RESULTS, parseContactSearch } from './contact-result'

describe('parseContactSearch (the landing route’s ?contact=)', () => {
  it.each(CONTACT_RESULTS)('keeps the outcome %s', (contact) => {
    expect(parseContactSearch({ contact } as never)).toEqual({ contact })
  })

  it.each([[undefined], ['SENT'], ['sent '], [1], [['sent']], [{ a: 1 }], [null]])('drops %j', (contact) => {
    expect(parseContactSearch({ contact, other: 'x' } as never)).toEqual({ contact: undefined })
  })
})
