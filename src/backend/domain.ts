/**
 * Domain types and business constants shared by the server and the browser.
 * Nothing here touches a database: components may import it freely.
 */

export const LOCALES = ['tr', 'en'] as const
export type Locale = (typeof LOCALES)[number]

export const BANNER_KEYS = ['tr-banner', 'en-banner'] as const
export type BannerKey = (typeof BANNER_KEYS)[number]

/** Which banner belongs to which language, and the badge shown for it. */
export const BANNER_BY_LOCALE: Record<Locale, BannerKey> = { tr: 'tr-banner', en: 'en-banner' }
export const BANNER_BADGE: Record<BannerKey, string> = { 'tr-banner': 'TR', 'en-banner': 'EN' }

/** Default hero images, shipped in public/uploads and used whenever no URL is stored. */
export const DEFAULT_BANNER_URL: Record<BannerKey, string> = {
  'tr-banner': '/uploads/hero-tr.png',
  'en-banner': '/uploads/hero-en.png',
}

/** The storage bucket of the spec; banner uploads go here as hero-{key}-{timestamp}.{ext}. */
export const IMAGE_BUCKET = 'industry-images'
export const UPLOADS_PATH = '/uploads'

export const MESSAGE_STATUSES = ['new', 'read', 'archived'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export const STATUS_FILTERS = ['all', ...MESSAGE_STATUSES] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export interface Banner {
  key: BannerKey
  imageUrl: string | null
  title: string | null
  badge: string | null
  updatedAt: string
}

/** What anyone may read about a banner (spec §3: public read shows key and image_url). */
export interface PublicBanner {
  key: BannerKey
  imageUrl: string | null
  updatedAt: string
}

export interface BannerInput {
  key: BannerKey
  imageUrl: string | null
  title?: string | null
  badge?: string | null
}

export interface BannerChange {
  key: BannerKey
  imageUrl: string | null
  updatedAt: string
}

export interface ContactMessage {
  id: string
  name: string
  email: string
  message: string
  status: MessageStatus
  createdAt: string
  readAt: string | null
  ipAddress: string | null
}

export interface NewContactMessage {
  name: string
  email: string
  message: string
  ipAddress?: string | null
}

export interface MessageQuery {
  status: StatusFilter
  /** Case-insensitive partial match on name, e-mail or message; empty means no search. */
  search: string
  /** 1-based. */
  page: number
  pageSize: number
}

/**
 * A search counts its matches only up to this many (or up to the end of the page asked for, when
 * that is further): counting every match of a common word means running the search on most of
 * the table. Without a search the counts are exact and cheap (kept per status by the database).
 */
export const MESSAGE_SEARCH_COUNT_CAP = 1000

export interface MessagePage {
  items: ContactMessage[]
  /**
   * Messages matching status and search, across all pages, when `totalExact`; otherwise a lower
   * bound: more than `total` match (a search that hit the count cap; "1,000+ messages").
   */
  total: number
  /** False when a search's count stopped at the cap: more messages match than `total`. */
  totalExact: boolean
  /** Messages with status new, whatever the filter. */
  unread: number
  page: number
  pageSize: number
}

/** Only rows whose status is still `status` change (a status toggle that lost a race changes nothing). */
export interface MessageCondition {
  status: MessageStatus
}

export interface MessagePatch {
  status: MessageStatus
  /** Set when given; left as it is when undefined. */
  readAt?: string | null
}

export interface AuthUser {
  id: string
  email: string
}

/** At most `max` hits per key in any `windowSeconds` (a sliding window). */
export interface RateLimit {
  max: number
  windowSeconds: number
}
