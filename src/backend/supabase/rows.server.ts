/** Rows of the public schema, mapped to the camelCase domain types the app uses. */
import {
  BANNER_KEYS,
  MESSAGE_STATUSES,
  type Banner,
  type BannerKey,
  type ContactMessage,
  type MessageStatus,
  type PublicBanner,
} from '../domain'
import type { Tables } from './database.types'
import { toIsoTimestamp } from './timestamps'

export type MessageRow = Tables<'contact_messages'>
export type BannerRow = Tables<'hero_settings'>
export type PublicBannerRow = Pick<BannerRow, 'key' | 'image_url' | 'updated_at'>

/** The database's CHECK constraints guarantee these; a violation means schema drift. */
function bannerKey(value: string): BannerKey {
  if ((BANNER_KEYS as readonly string[]).includes(value)) return value as BannerKey
  throw new Error(`Unexpected hero_settings key from Supabase: ${value}`)
}

function messageStatus(value: string): MessageStatus {
  if ((MESSAGE_STATUSES as readonly string[]).includes(value)) return value as MessageStatus
  throw new Error(`Unexpected contact_messages status from Supabase: ${value}`)
}

export function toMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: messageStatus(row.status),
    createdAt: toIsoTimestamp(row.created_at),
    readAt: row.read_at === null ? null : toIsoTimestamp(row.read_at),
    ipAddress: row.ip_address,
  }
}

export function toPublicBanner(row: PublicBannerRow): PublicBanner {
  return { key: bannerKey(row.key), imageUrl: row.image_url, updatedAt: toIsoTimestamp(row.updated_at) }
}

export function toBanner(row: BannerRow): Banner {
  return { ...toPublicBanner(row), title: row.title, badge: row.badge }
}

export const MESSAGE_COLUMNS = 'id,name,email,message,status,created_at,read_at,ip_address'
export const BANNER_COLUMNS = 'key,image_url,title,badge,updated_at'
export const PUBLIC_BANNER_COLUMNS = 'key,image_url,updated_at'
