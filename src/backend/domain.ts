/**
 * Domain types, business constants and the rules every data path shares, for the server and the
 * browser. Nothing here touches a database: components may import it freely.
 */
import { LIMITS } from '~/lib/limits'

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

/** The default banners' mobile images (their text reads at 390 px), shown on phones with them. */
export const DEFAULT_MOBILE_BANNER_URL: Record<BannerKey, string> = {
  'tr-banner': '/uploads/hero-tr-mobile.png',
  'en-banner': '/uploads/hero-en-mobile.png',
}

/** The storage bucket banner uploads go to (the original app's name for it), as hero-{key}-{timestamp}.{ext}. */
export const IMAGE_BUCKET = 'industry-images'
export const UPLOADS_PATH = '/uploads'

/**
 * A message's status. `spam` is its own place: it counts nowhere and no other filter shows it
 * (docs/decisions/035-trash-and-spam.md). Whether a message is in the trash is apart from its
 * status (ContactMessage.deletedAt), so a restored message comes back as it was.
 */
export const MESSAGE_STATUSES = ['new', 'read', 'archived', 'spam'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
/** The statuses 'all' shows and counts: every one but spam. */
export const INBOX_STATUSES = ['new', 'read', 'archived'] as const satisfies readonly MessageStatus[]
/** 'all' = new + read + archived (never spam, never the trash); 'trash' = the trash, any status. */
export const STATUS_FILTERS = ['all', 'new', 'read', 'archived', 'spam', 'trash'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

/**
 * The AVIF and WebP copies made of an uploaded banner image (docs/decisions/042): one file per
 * width and format, named by bannerVariantUrl. `width` × `height` is the image as the copies show
 * it (upright, and no taller than LIMITS.upload.variantMaxHeight), for the page's `sizes`.
 */
export interface BannerImageVariants {
  width: number
  height: number
  /** Ascending, each at most `width`. */
  widths: number[]
}

export const BANNER_VARIANT_FORMATS = ['avif', 'webp'] as const
export type BannerVariantFormat = (typeof BANNER_VARIANT_FORMATS)[number]

/**
 * A banner's images beyond image_url, each absent when the banner has none: the copies of
 * image_url (an upload has them, a typed address does not) and the optional mobile image shown
 * below the small breakpoint, where text drawn in a wide banner is too small to read.
 */
export interface BannerImageExtras {
  imageVariants?: BannerImageVariants
  mobileImageUrl?: string
  mobileImageVariants?: BannerImageVariants
}

export interface Banner extends BannerImageExtras {
  key: BannerKey
  imageUrl: string | null
  title: string | null
  badge: string | null
  updatedAt: string
}

/**
 * What anyone may read about a banner: key and image_url (all the original app let anonymous
 * visitors read), and what the page needs to show that image responsively (its copies, the
 * mobile image), all of it in the page anyway.
 */
export interface PublicBanner extends BannerImageExtras {
  key: BannerKey
  imageUrl: string | null
  updatedAt: string
}

export interface BannerInput {
  key: BannerKey
  imageUrl: string | null
  /** Belongs to imageUrl: a save without it stores none. */
  imageVariants?: BannerImageVariants | null
  /** Null removes the mobile image; undefined keeps the stored one (as for title and badge). */
  mobileImageUrl?: string | null
  /** Belongs to mobileImageUrl: stored with it, kept with it. */
  mobileImageVariants?: BannerImageVariants | null
  title?: string | null
  badge?: string | null
}

export interface BannerChange extends BannerImageExtras {
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
  /** When it went to the trash; null when it is not there. */
  deletedAt: string | null
}

export interface NewContactMessage {
  name: string
  email: string
  message: string
  ipAddress?: string | null
  /** 'spam' stores it as spam and queues no notification; 'new' when absent. */
  status?: 'new' | 'spam'
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
  /** Messages with status new and not in the trash, whatever the filter. */
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

// ---------------------------------------------------------------------------------------------
// Rules every data path applies the same way (the SQL core, the CLI, the Supabase auth adapter).

/** The titles of the banner dialog, as the schema migration seeds them; used for a missing row. */
export const DEFAULT_BANNER_TITLE: Record<BannerKey, string> = {
  'tr-banner': 'Türkçe Banner',
  'en-banner': 'English Banner',
}

/** E-mail addresses are compared trimmed and lowercased everywhere (as Supabase Auth does). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids that can be uuids, without repeats; anything else can match no row and must not reach a ::uuid cast. */
export function validIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)))]
}

/** A whole number within [min, max]; anything that is not a finite number becomes `min`. */
export function clampInt(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(Math.floor(value), min), max) : min
}

/** The page and page size a message query really gets: page ≥ 1, 1 ≤ size ≤ the export maximum. */
export function messagePaging(query: Pick<MessageQuery, 'page' | 'pageSize'>): { page: number; pageSize: number } {
  return {
    page: clampInt(query.page, 1, Number.MAX_SAFE_INTEGER),
    pageSize: clampInt(query.pageSize, 1, LIMITS.inbox.exportMax),
  }
}

/**
 * How far a search counts its matches: to the cap, or to one row past the page asked for when
 * that is further, so "is there a next page" is always known. Returns the LIMIT of the count
 * query; a count that reaches it means "more than limit - 1".
 */
export function searchCountLimit(page: number, pageSize: number): number {
  return Math.min(Math.max(MESSAGE_SEARCH_COUNT_CAP, page * pageSize), Number.MAX_SAFE_INTEGER - 1) + 1
}

/**
 * How a search term is looked up. `substring`: anywhere in name, e-mail or message (ILIKE, with
 * the trigram indexes), which needs three letters or digits in a row. `wordStart`: a shorter term
 * matches the start of a word in the name or e-mail address, or the start of the address; the
 * inbox says so (docs/decisions/077-short-searches.md).
 */
export type SearchMode = 'substring' | 'wordStart'

export function searchMode(term: string): SearchMode {
  return /[\p{L}\p{N}]{3}/u.test(term) ? 'substring' : 'wordStart'
}

/** One input per key, the last one winning: a save names each banner at most once. */
export function lastInputPerKey(inputs: readonly BannerInput[]): BannerInput[] {
  return [...new Map(inputs.map((input) => [input.key, input])).values()]
}

/** A banner change as its subscribers hear it: the public fields of a checked row, nothing else. */
export function toBannerChange(banner: BannerChange): BannerChange {
  const { key, imageUrl, updatedAt, imageVariants, mobileImageUrl, mobileImageVariants } = banner
  return {
    key,
    imageUrl,
    updatedAt,
    ...(imageVariants && { imageVariants }),
    ...(mobileImageUrl && { mobileImageUrl, ...(mobileImageVariants && { mobileImageVariants }) }),
  }
}

/** `/uploads/hero-tr-banner-17.png` → `/uploads/hero-tr-banner-17-640w.avif`. */
export function bannerVariantUrl(imageUrl: string, width: number, format: BannerVariantFormat): string {
  return `${imageUrl.replace(/\.\w+$/, '')}-${width}w.${format}`
}
