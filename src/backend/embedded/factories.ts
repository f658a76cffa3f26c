/**
 * Contact messages for the demo seed, the tests and the benchmark: one factory, so all three
 * exercise the same shapes (Turkish and English text, diacritics, every status).
 * Pure data, no database: safe to import anywhere.
 */
import type { MessageStatus } from '../domain'

export interface ContactMessageSeed {
  name: string
  email: string
  message: string
  status: MessageStatus
  createdAt: Date
  readAt: Date | null
  ipAddress: string | null
}

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

const PEOPLE = [
  { name: 'Ayşe Yılmaz', email: 'ayse.yilmaz@example.com' },
  { name: 'Daniel Hughes', email: 'daniel.hughes@example.org' },
  { name: 'Mehmet Öztürk', email: 'mehmet.ozturk@example.net' },
  { name: 'Sarah Collins', email: 's.collins@example.com' },
  { name: 'Zeynep Çelik', email: 'zeynep.celik@example.org' },
  { name: 'Emre Şahin', email: 'emre.sahin@example.net' },
  { name: 'Laura Martínez', email: 'laura.martinez@example.com' },
  { name: 'Gökhan Arslan', email: 'gokhan.arslan@example.org' },
] as const

const MESSAGES = [
  'Merhaba, ERP seçim sürecimizde bağımsız bir değerlendirme için destek almak istiyoruz. Uygun olduğunuz bir zamanda görüşebilir miyiz?',
  'Hello, we are a mid-sized retailer planning a CRM migration next year and would like to understand how you run platform evaluations.',
  'Üretim tesislerimiz için dijital olgunluk değerlendirmesi yaptırmak istiyoruz. Süreç ve süre hakkında bilgi rica ederim.',
  'Could you share a short overview of your project office and user acceptance testing services? We go live in Q3.',
  'E-ticaret altyapımızı yenilemeyi düşünüyoruz; platform seçimi ve geçiş planı için teklif alabilir miyiz?',
  'Yapay zekâ stratejisi atölyeniz hakkında bilgi almak istiyorum. Yönetim ekibimiz için yarım günlük bir oturum mümkün mü?',
  'We saw your AI assessment platform listed as coming soon. Is there a pilot programme we could join?',
  'Lojistik operasyonlarımızda değişim yönetimi desteğine ihtiyacımız var. Referanslarınızı paylaşabilir misiniz?',
] as const

let sequence = 0

/**
 * One message; each call picks the next person and text, so a batch is varied but repeatable.
 * Status `new` has no read_at; other statuses were read an hour after arrival, unless overridden.
 */
export function makeContactMessage(overrides: Partial<ContactMessageSeed> = {}): ContactMessageSeed {
  const n = sequence++
  const person = PEOPLE[n % PEOPLE.length]!
  const status = overrides.status ?? 'new'
  const createdAt = overrides.createdAt ?? new Date(Date.now() - (n % 500) * HOUR_MS)
  return {
    name: person.name,
    email: person.email,
    message: MESSAGES[n % MESSAGES.length]!,
    status,
    createdAt,
    readAt: status === 'new' ? null : new Date(createdAt.getTime() + HOUR_MS),
    ipAddress: `198.51.100.${(n % 254) + 1}`,
    ...overrides,
  }
}

/** The eight demo messages of a fresh embedded database, spread over the five weeks before `now`. */
export function sampleContactMessages(now: Date): ContactMessageSeed[] {
  const plan: { daysAgo: number; status: MessageStatus }[] = [
    { daysAgo: 0.2, status: 'new' },
    { daysAgo: 1.5, status: 'new' },
    { daysAgo: 3, status: 'read' },
    { daysAgo: 6, status: 'new' },
    { daysAgo: 10, status: 'read' },
    { daysAgo: 15, status: 'archived' },
    { daysAgo: 23, status: 'read' },
    { daysAgo: 34, status: 'archived' },
  ]
  return plan.map(({ daysAgo, status }, i) => ({
    ...makeContactMessage({ status, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) }),
    name: PEOPLE[i]!.name,
    email: PEOPLE[i]!.email,
    message: MESSAGES[i]!,
    // Documentation range (RFC 5737); every third one without, as the detail panel shows it only if present.
    ipAddress: i % 3 === 2 ? null : `203.0.113.${10 + i}`,
  }))
}
