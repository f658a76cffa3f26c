/** How IMAP_URL becomes the client's connection (docs/decisions/221-imap-answers.md). */
import { describe, expect, it } from 'vitest'
import { imapOptions } from './imap-reader.server'

const URL = 'imaps://bilgi%40firma.com.tr:uygulama%20sifresi@imap.gmail.com:993/INBOX'

describe('imapOptions', () => {
  it('gives the client the decoded user and password, the port and the mailbox', () => {
    expect(imapOptions(URL)).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
      auth: { user: 'bilgi@firma.com.tr', pass: 'uygulama sifresi' },
      path: 'INBOX',
    })
    expect(imapOptions('imaps://u:p@mail.example.com')).toMatchObject({ port: 993, path: 'INBOX' })
  })
})
