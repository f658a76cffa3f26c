/** Random codes and tokens, and the hashes under which they are stored. Codes are HMACed with a
 * per-data-folder secret: a 6-digit code has only a million values, so a plain hash in a copied
 * database could be reversed instantly; without the secret file it cannot. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Sql } from '../client'

/** Reads `${dataDir}/secret`, creating it (owner read/write only) on first use. */
export function loadSecret(dataDir: string): Buffer {
  const file = path.join(path.resolve(dataDir), 'secret')
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')
  if (secret.length < 32) throw new Error(`${file} is damaged: delete it (pending sign-in codes stop working).`)
  return secret
}

/** A uniformly random numeric code, zero-padded (crypto.randomInt has no modulo bias). */
export function newCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0')
}

/** 32 random bytes, base64url: the session cookie's value. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashCode(secret: Buffer, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex')
}

/** A session token has 256 bits of entropy, so a plain SHA-256 is enough to make a leak useless. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The postgres mode's secret, kept in the database so that every instance hashes codes alike: the
 * first instance to start stores one, the others read it. Readable by the server role only. */
export async function loadDatabaseSecret(db: Sql): Promise<Buffer> {
  await db.query("insert into builtin_auth.secrets (name, value) values ('code_hmac', $1) on conflict (name) do nothing", [
    randomBytes(32).toString('hex'),
  ])
  const { rows } = await db.query<{ value: string }>("select value from builtin_auth.secrets where name = 'code_hmac'")
  return Buffer.from(rows[0]!.value, 'hex')
}
