import { describe, expect, it } from 'vitest'
import { replyMail, staffSignature } from './reply-mail.server'

const email = 'deniz@pusula.example'

describe('staffSignature', () => {
  it("signs with the name and 'İmza' from 'Hesabım'", () => {
    expect(staffSignature({ email, name: 'Deniz Kaya', signature: 'Kıdemli Danışman\n+90 212 555 00 00' })).toBe(
      'Deniz Kaya\nKıdemli Danışman\n+90 212 555 00 00',
    )
  })

  it('signs with the name and the firm without a signature, with the signature alone without a name', () => {
    expect(staffSignature({ email, name: 'Deniz Kaya', signature: null })).toBe('Deniz Kaya\nPusula Dijital')
    expect(staffSignature({ email, name: '  ', signature: 'Deniz\nPusula Dijital' })).toBe('Deniz\nPusula Dijital')
  })

  it('falls back on the address where neither is set', () => {
    expect(staffSignature({ email, name: null, signature: '   ' })).toBe(`${email}\nPusula Dijital`)
  })
})

describe('replyMail', () => {
  it('puts the signature under the text, after the signature separator, in the chosen language', () => {
    const mail = replyMail({
      body: 'Hello,\nthanks.',
      locale: 'en',
      signer: { email, name: 'Deniz Kaya', signature: 'Consultant' },
    })
    expect(mail.text).toBe('Hello,\nthanks.\n\n--\nDeniz Kaya\nConsultant')
    expect(mail.subject).toBe('About your message – Pusula Dijital')
  })
})
