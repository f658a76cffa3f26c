import { describe, expect, it } from 'vitest'
import { digestMail, messageLink, newMessageMail } from './templates.server'

const message = {
  id: '6f1c2a9e-5d0b-4c8e-9a57-1f2e3d4c5b6a',
  name: 'Mehmet Öztürk',
  email: 'mehmet@firma.example',
  message: 'Merhaba,\nCRM geçişimiz için destek arıyoruz; bütçemiz 250.000 TL.\nGörüşebilir miyiz?',
  createdAt: new Date('2026-11-25T09:30:00Z'),
}

describe('newMessageMail', () => {
  it('speaks Turkish or English, with the sender, the first lines and a link', () => {
    const tr = newMessageMail(message, 'tr', 'https://www.example.com')
    const en = newMessageMail(message, 'en', 'https://www.example.com')
    expect(tr.subject).toBe('Yeni mesaj: Mehmet Öztürk')
    expect(en.subject).toBe('New message: Mehmet Öztürk')
    expect(tr.text).toContain('Gönderen: Mehmet Öztürk <mehmet@firma.example>')
    expect(en.text).toContain('From: Mehmet Öztürk <mehmet@firma.example>')
    // The firm's time, in each language.
    expect(tr.text).toContain('Tarih: 25 Kasım 2026 12:30')
    expect(en.text).toContain('Date: 25 November 2026 at 12:30')
    for (const mail of [tr, en]) {
      expect(mail.text).toContain('CRM geçişimiz için destek arıyoruz')
      expect(mail.text).toContain(`https://www.example.com/admin/messages?id=${message.id}`)
      expect(mail.replyTo).toEqual({ name: 'Mehmet Öztürk', address: 'mehmet@firma.example' })
      expect(mail.subject).not.toContain('CRM')
    }
  })

  it('names the inbox without a link when there is no origin', () => {
    const mail = newMessageMail(message, 'en', null)
    expect(mail.text).not.toContain('http')
    expect(mail.text).toContain("The message is waiting in the admin panel's inbox (/admin/messages).")
  })
})

describe('digestMail', () => {
  it('lists the messages it holds and counts the rest', () => {
    const mail = digestMail([message], 12, 'en', 'https://www.example.com')
    expect(mail.subject).toBe('12 new contact messages')
    expect(mail.text).toContain('- Mehmet Öztürk <mehmet@firma.example>')
    expect(mail.text).toContain('and 11 more messages')
    expect(mail.text).toContain('https://www.example.com/admin/messages?status=new')
    expect(mail.replyTo).toBeUndefined()
    expect(digestMail([message], 1, 'tr', null).subject).toBe('1 yeni iletişim mesajı')
  })
})

describe('messageLink', () => {
  it('is the inbox with the message selected', () => {
    expect(messageLink('http://localhost:3000', 'abc')).toBe('http://localhost:3000/admin/messages?id=abc')
    expect(messageLink(null, 'abc')).toBeNull()
  })
})
