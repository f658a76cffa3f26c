import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { overwriteGetLocale } from '~/paraglide/runtime'
import { fieldMessages as contactFieldErrors } from '~/lib/validate'
import { ContactSchema, ContactSubmissionSchema } from './contact.schemas'

function errorsIn(locale: 'tr' | 'en', input: Record<string, string>) {
  overwriteGetLocale(() => locale)
  const result = v.safeParse(ContactSchema, input)
  return result.success ? {} : contactFieldErrors(result.issues)
}

afterEach(() => overwriteGetLocale(() => 'tr'))

describe('contact schema', () => {
  it('gives the English messages', () => {
    expect(errorsIn('en', { name: '', email: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    })
    expect(errorsIn('en', { name: 'A', email: 'not-an-email', message: 'Too short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      message: 'Message must be at least 10 characters',
    })
  })

  it('gives the Turkish equivalents', () => {
    expect(errorsIn('tr', { name: '', email: '', message: '' })).toEqual({
      name: 'İsim gereklidir',
      email: 'E-posta gereklidir',
      message: 'Mesaj gereklidir',
    })
    expect(errorsIn('tr', { name: 'A', email: 'ali@', message: 'Kısa' })).toEqual({
      name: 'İsim en az 2 karakter olmalıdır',
      email: 'Lütfen geçerli bir e-posta adresi girin',
      message: 'Mesaj en az 10 karakter olmalıdır',
    })
  })

  it('counts trimmed text: spaces alone are empty', () => {
    expect(errorsIn('en', { name: '   ', email: '  ', message: '          x' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message must be at least 10 characters',
    })
  })

  it('enforces the maximum lengths with clear messages', () => {
    const { nameMax, emailMax, messageMax } = LIMITS.contact
    expect(
      errorsIn('en', {
        name: 'a'.repeat(nameMax + 1),
        email: `${'a'.repeat(emailMax)}@example.com`,
        message: 'm'.repeat(messageMax + 1),
      }),
    ).toEqual({
      name: 'Name must be at most 100 characters',
      email: 'Email must be at most 254 characters',
      message: 'Message must be at most 5000 characters',
    })
    expect(
      errorsIn('tr', { name: 'a'.repeat(nameMax + 1), email: 'a@b.co', message: 'Merhaba, bilgi almak istiyorum.' }),
    ).toEqual({
      name: 'İsim en fazla 100 karakter olabilir',
    })
  })

  it('trims valid input and defaults the honeypot and the time stamp to empty', () => {
    const parsed = v.parse(ContactSubmissionSchema, {
      name: '  Ayşe Yılmaz ',
      email: ' ayse@example.com ',
      message: '  Merhaba, bir görüşme ayarlayalım.  ',
    })
    expect(parsed).toEqual({
      name: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      message: 'Merhaba, bir görüşme ayarlayalım.',
      website: '',
      stamp: '',
    })
  })
})
