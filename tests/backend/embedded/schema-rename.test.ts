import { it } from 'vitest'
import { openPglite } from '~/backend/embedded/db.server'
import { pgliteDatabase } from '~/backend/sql/pglite.server'
import { checkSchemaRename } from '../schema-rename.contract'

it('migration 0004 renames embedded_auth to builtin_auth, keeping accounts and sign-in (PGlite)', async () => {
  const pglite = await openPglite({ dataDir: '', inMemory: true })
  const db = pgliteDatabase(pglite)
  try {
    await checkSchemaRename(db)
  } finally {
    await db.close()
  }
})
