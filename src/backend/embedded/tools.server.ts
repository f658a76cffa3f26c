/**
 * The command-line tools' embedded side: opens DATA_DIR the way the server does (lock,
 * migrations, first-start seed) and keeps it for the whole command. While a server runs, the
 * folder is locked and opening fails with DataDirLockedError, which the tools report.
 */
import type { BackendTools } from '../tools.server'
import { openEmbedded } from './index.server'
import { insertContactMessages } from './messages.server'
import { addUser, listUsers, normalizeEmail, removeUser } from './users.server'

export async function openEmbeddedTools(dataDir: string): Promise<BackendTools> {
  const { backend, db } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  let inserted = false
  return {
    label: `embedded (DATA_DIR=${dataDir})`,
    // One unnest() insert per batch; larger batches stop paying off in PGlite's memory.
    batchSize: 5_000,
    addUser: (email, { admin }) =>
      db.transaction(async (tx) => {
        const { created } = await addUser(tx, email, { admin })
        const { rows } = await tx.query('select 1 from public.admin_emails where email = $1', [normalizeEmail(email)])
        return { created, isAdmin: rows.length > 0 }
      }),
    removeUser: (email) => db.transaction((tx) => removeUser(tx, email)),
    listUsers: () => listUsers(db),
    async insertMessages(seeds) {
      await insertContactMessages(db, seeds)
      inserted = true
    },
    async close() {
      try {
        // Fresh statistics, so the inbox's first queries on the new rows plan well.
        if (inserted) await db.exec('analyze public.contact_messages')
      } finally {
        await backend.close()
      }
    },
  }
}
