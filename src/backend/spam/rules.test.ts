/**
 * The rules that generalise (docs/spam.md): each fires on the signal a pitch carries whatever its
 * words, and stays quiet on the inquiry that looks most like it.
 */
import { describe, expect, it } from 'vitest'
import { contentSignals, siteName } from './rules'

const rules = (message: string, email = 'someone@acme-firm.example') =>
  contentSignals({ name: 'Someone', email, message }).map((s) => s.rule)

describe('rules that generalise', () => {
  it('a link to a bare IP address', () => {
    expect(rules('Your hosting expires today, renew here: http://185.234.72.19/renew')).toContain('ip_link')
  })

  it("a link to a domain unrelated to the sender's, not to the sender's own or a shared document", () => {
    expect(rules('Price list: https://cheap-links.example/list', 'mark@other-agency.example')).toContain('unrelated_link')
    expect(rules('Price list: https://cheap-links.example/list', 'mark.seo@gmail.com')).toContain('unrelated_link')
    expect(rules('Our site: https://www.acme-firm.example/about')).not.toContain('unrelated_link')
    expect(rules('Requirements: https://docs.google.com/document/d/1', 'ali@gmail.com')).not.toContain('unrelated_link')
  })

  it('a price or a discount, but not a budget', () => {
    expect(rules('Aylık sadece 4.500 TL, hemen başlayalım.')).toContain('price')
    expect(rules('Bu aya özel %40 indirim!')).toContain('price')
    expect(rules('Bütçemiz 100.000 TL civarında, teklif alabilir miyiz?')).not.toContain('price')
  })

  it("'guaranteed' results, or no pay", () => {
    expect(rules('First page in 90 days or you don’t pay.'.replace('’', "'"))).toContain('guarantee')
    expect(rules('İlk sayfa garantili SEO hizmeti.')).toContain('guarantee')
    expect(rules('Yeni ERP için görüşmek istiyoruz.')).not.toContain('guarantee')
  })

  it('a WhatsApp or Telegram number or handle to write to', () => {
    expect(rules('Detaylar için WhatsApp: 0532 000 11 22')).toContain('messenger')
    expect(rules('Telegram: @cryptomanager')).toContain('messenger')
    expect(rules('We use WhatsApp with our customers and want to connect it to our CRM.')).not.toContain('messenger')
  })

  it("the firm's own domain named as a target", () => {
    expect(rules('I ran an audit on pusuladijital.com.tr and found 37 issues.')).toContain('own_domain')
    expect(rules('Merhaba, ERP projemiz için görüşmek istiyoruz.')).not.toContain('own_domain')
  })

  it("Turkish 'your …' words outnumbering 'our …' ones", () => {
    expect(rules('Sitenizin hızını artırıp işletmenize yeni müşteriler getiriyoruz.')).toContain('about_the_reader_tr')
    expect(rules('Firmamızın sistemini yenilemek, sitenizdeki gibi bir panel kurmak istiyoruz.')).not.toContain(
      'about_the_reader_tr',
    )
    expect(rules('Bize teklif gönderebilir misiniz? Yapabilir misiniz?')).not.toContain('about_the_reader_tr')
  })

  it("an advert's orders, free offers and round boasts", () => {
    expect(rules('Sign up now and save.')).toContain('imperative')
    expect(rules('Ücretsiz keşif için bizi arayın.')).toContain('free_offer')
    expect(rules('Ücretsiz mi, yoksa ücretli mi?')).not.toContain('free_offer')
    expect(rules('Used by 20,000+ sales teams.')).toContain('big_number')
    expect(rules('We have 180 employees and 3 plants.')).not.toContain('big_number')
  })

  it("an offer put to the reader is no inquiry: 'ister misiniz?', 'tanıtmak isteriz', 'Interested?'", () => {
    expect(rules('Bulut çözümlerimiz hakkında bilgi almak ister misiniz?')).not.toContain('inquiry')
    expect(rules('Bulut çözümümüz hakkında bilgi almak istiyoruz.')).toContain('inquiry')
    expect(rules('CRM programımızı tanıtmak isteriz.')).toEqual(expect.arrayContaining(['presents_offer']))
    expect(rules('CRM programımızı tanıtmak isteriz.')).not.toContain('inquiry')
    expect(rules('We set up inboxes in 48h. Interested?')).toContain('call_to_action')
    expect(rules('We are interested in an ERP project.')).not.toContain('call_to_action')
  })

  it("a long letter's word rules count less than a short pitch's, by √(1,000 / length)", () => {
    const points = (message: string) =>
      contentSignals({ name: 'A', email: 'a@acme-firm.example', message }).find((s) => s.rule === 'self_offer')?.points
    expect(points('We offer SEO for consulting firms.')).toBe(1.5)
    expect(points('We offer SEO for consulting firms. '.padEnd(4000, 'Notes follow. '))).toBe(0.75)
  })

  it('names a domain by its registrable label', () => {
    expect(siteName('www.pusuladijital.com.tr')).toBe('pusuladijital')
    expect(siteName('mail.acme.co.uk')).toBe('acme')
    expect(siteName('shop.example.com')).toBe('example')
  })
})
