/** What the benches' database halves (bench/NAME/NAME.db.ts, run through scripts/run-ts.mjs with the
 * server stopped) share: the database the server will open, and a signed-in admin session. */
import { mkdirSync } from 'node:fs'
import type { Backend } from '~/backend/backend'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { readOutbox } from '~/backend/mail/outbox.server'
import { openPostgres } from '~/backend/postgres/open-postgres.server'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'

/** DATABASE_URL's database (postgres mode), else the embedded one in dataDir. */
export async function openBenchDatabase(dataDir: string): Promise<{ backend: Backend; db: SqlDatabase }> {
  const url = process.env.DATABASE_URL
  const common = { dataDir, secureCookies: false, logEmails: false }
  if (!url) return openEmbedded(common)
  mkdirSync(dataDir, { recursive: true })
  const instance = await openPostgres({ url, ...common })
  // The postgres mode seeds no accounts: the session needs an admin who can sign in.
  await addUser(instance.db, SEED_ADMIN_EMAIL, { admin: true })
  return instance
}

/** The seed admin's session cookies, through the backend's own sign-in, as the browser would get them. */
export async function signInBenchAdmin(backend: Backend, dataDir: string): Promise<{ name: string; value: string }[]> {
  const since = new Date()
  const sent = await backend.auth.sendCode(SEED_ADMIN_EMAIL)
  if (!sent.ok) throw new Error(`sendCode: ${sent.message}`)
  const mail = (await readOutbox(dataDir)).filter((m) => m.to === SEED_ADMIN_EMAIL && new Date(m.sentAt) >= since).at(-1)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error('no sign-in code in the outbox')
  const cookies: { name: string; value: string }[] = []
  const verified = await backend.auth.verifyCode(
    { cookies: { getAll: () => [], set: (name, value) => cookies.push({ name, value }) } },
    SEED_ADMIN_EMAIL,
    code,
  )
  if (!verified.ok) throw new Error(`verifyCode: ${verified.message}`)
  return cookies.filter((c) => c.value !== '')
}
