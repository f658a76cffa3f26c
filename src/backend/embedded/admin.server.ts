/**
 * The admin CLI's embedded side (scripts/admin.ts): opens DATA_DIR like the server does (lock,
 * migrations, seed), changes users, closes. It refuses while the server runs, since the data
 * folder is locked by the server's process.
 */
import type { Database } from './db.server'
import { openEmbedded } from './index.server'
import { addUser, listUsers, removeUser, type UserListing } from './users.server'

async function withDatabase<T>(dataDir: string, run: (db: Database) => Promise<T>): Promise<T> {
  const { backend, db } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  try {
    return await run(db)
  } finally {
    await backend.close()
  }
}

/** Adds the user and puts the address on the admin list; returns whether the account is new. */
export function addEmbeddedAdmin(dataDir: string, email: string): Promise<boolean> {
  return withDatabase(dataDir, (db) => db.transaction(async (tx) => (await addUser(tx, email, { admin: true })).created))
}

export function removeEmbeddedAdmin(dataDir: string, email: string) {
  return withDatabase(dataDir, (db) => db.transaction((tx) => removeUser(tx, email)))
}

export function listEmbeddedUsers(dataDir: string): Promise<UserListing[]> {
  return withDatabase(dataDir, listUsers)
}
