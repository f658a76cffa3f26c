/** Contact messages for the demo seed, the tests and the benchmark, from one factory so all three
 * exercise the same shapes. Pure data: safe to import anywhere. */
import type { MessageStatus } from '~/domain/messages'
import * as W from './seed-words'

export interface ContactMessageSeed {
  name: string
  email: string
  message: string
  status: MessageStatus
  createdAt: Date
  readAt: Date | null
  ipAddress: string | null
  /** In the trash since then; absent or null: not in the trash. */
  deletedAt?: Date | null
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

/** One message; each call picks the next person and text, so a batch is varied but repeatable.
 * Status `new` has no read_at; other statuses were read an hour after arrival, unless overridden. */
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

// Fake messages in bulk: the n-th depends only on n and `now`, so batches come in any order.

/** A small deterministic generator (mulberry32): the same n always gives the same message. */
function randomFor(n: number): () => number {
  let state = (Math.imul(n + 1, 0x9e3779b1) ^ 0x5bd1e995) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!
}

/** Letters an e-mail local part can carry: Turkish letters without their marks, lowercase. */
function asciiSlug(text: string): string {
  const map: Record<string, string> = {
    ı: 'i',
    İ: 'i',
    ş: 's',
    Ş: 's',
    ğ: 'g',
    Ğ: 'g',
    ü: 'u',
    Ü: 'u',
    ö: 'o',
    Ö: 'o',
    ç: 'c',
    Ç: 'c',
  }
  return text
    .replace(/[ıİşŞğĞüÜöÖçÇ]/g, (c) => map[c]!)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
}

/** Documentation address ranges only (RFC 5737, RFC 3849); about one in ten has none. */
function fakeIp(random: () => number): string | null {
  const roll = random()
  if (roll < 0.1) return null
  const host = 1 + Math.floor(random() * 254)
  if (roll < 0.25) return `2001:db8::${host.toString(16)}`
  return `${pick(random, ['192.0.2', '198.51.100', '203.0.113'])}.${host}`
}

export interface FakeMessageOptions {
  now: Date
  /** How far back messages go; most are recent, as in a real inbox. */
  spanDays?: number
}

/** The n-th fake message, arrived within `spanDays` before `now`; recent ones mostly new, older ones read or archived. */
export function fakeContactMessage(n: number, { now, spanDays = 270 }: FakeMessageOptions): ContactMessageSeed {
  const random = randomFor(n)
  const turkish = random() < 0.5
  const [first, last, companies, greetings, bodies, closings, sectors] = turkish
    ? [
        W.TURKISH_FIRST_NAMES,
        W.TURKISH_LAST_NAMES,
        W.TURKISH_COMPANIES,
        W.TURKISH_GREETINGS,
        W.TURKISH_BODIES,
        W.TURKISH_CLOSINGS,
        W.TURKISH_SECTORS,
      ]
    : [
        W.ENGLISH_FIRST_NAMES,
        W.ENGLISH_LAST_NAMES,
        W.ENGLISH_COMPANIES,
        W.ENGLISH_GREETINGS,
        W.ENGLISH_BODIES,
        W.ENGLISH_CLOSINGS,
        W.ENGLISH_SECTORS,
      ]
  const name = `${pick(random, first)} ${pick(random, last)}`
  const email = `${asciiSlug(name)}@${pick(random, companies)}.example`
  const body = pick(random, bodies).replace('{sector}', pick(random, sectors))
  const message = `${pick(random, greetings)}\n\n${body}\n\n${pick(random, closings)}`
  // Squaring leans arrival times towards the present.
  const ageMs = random() ** 2 * spanDays * DAY_MS
  const createdAt = new Date(now.getTime() - ageMs)
  const roll = random()
  const status: MessageStatus =
    ageMs < 7 * DAY_MS
      ? roll < 0.6
        ? 'new'
        : roll < 0.95
          ? 'read'
          : 'archived'
      : roll < 0.08
        ? 'new'
        : roll < 0.55
          ? 'read'
          : 'archived'
  const readAfterMs = (5 / (24 * 60) + random() * 3) * DAY_MS
  const readAt = status === 'new' ? null : new Date(Math.min(now.getTime(), createdAt.getTime() + readAfterMs))
  return { name, email, message, status, createdAt, readAt, ipAddress: fakeIp(random) }
}
