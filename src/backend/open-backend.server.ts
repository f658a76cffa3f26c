/** Opens the configured mode's backend: the one place that turns the environment's mode into an
 * opener's options, for the app server (get-backend.server.ts), the command-line tools (tools.server.ts)
 * and backups (backup/open-backup-target.server.ts) (decision 075). */
import { describeMode, type ServerEnv } from '~/lib/env.server'
import type { OpenedBackend } from './sql/sql-backend.server'

/** `server`: the app server, which delivers mail (docs/decisions/090-mail.md), marks cookies Secure
 * as configured and maintains the embedded database. `tool`: a command-line tool, which does none
 * of that. */
export type BackendUse = 'server' | 'tool' | 'restore'

export interface ConfiguredBackend extends OpenedBackend {
  /** Which mode and database, for the first line a tool prints (no secrets). */
  label: string
}

export async function openBackend(env: ServerEnv, use: BackendUse): Promise<ConfiguredBackend> {
  const server = use === 'server'
  const mode = env.backend
  const common = {
    secureCookies: server && env.secureCookies,
    logEmails: server && env.logEmails,
    mail: server
      ? {
          smtp: env.mail && { url: env.mail.smtpUrl, from: env.mail.from },
          worker: true,
          floodMax: env.mailFloodMax,
          imap: env.imap && { ...env.imap, linkOrigin: env.siteUrl },
          reminders: { dueHours: env.replyDueHours, linkOrigin: env.siteUrl },
        }
      : undefined,
    seedAdminEmails: use === 'restore' ? [] : env.seedAdminEmails,
    codeTtlSeconds: env.codeTtlSeconds,
  }
  const label = describeMode(env)
  if (mode.kind === 'supabase') {
    const { openSupabase } = await import('./supabase/open-supabase.server')
    const { url, anonKey, serviceRoleKey, databaseUrl, listenUrl } = mode
    const mail = { ...common.mail, dataDir: env.dataDir, logEmails: common.logEmails }
    const opened = await openSupabase({
      url,
      anonKey,
      serviceRoleKey,
      databaseUrl,
      listenUrl,
      secureCookies: common.secureCookies,
      mail,
    })
    return { ...opened, label }
  }
  if (mode.kind === 'postgres') {
    const { openPostgres } = await import('./postgres/open-postgres.server')
    const opened = await openPostgres({ ...common, url: mode.databaseUrl, listenUrl: mode.listenUrl, dataDir: env.dataDir })
    return { ...opened, label }
  }
  const { openEmbedded } = await import('./embedded/open-embedded.server')
  const opened = await openEmbedded({ ...common, dataDir: env.dataDir, sampleData: use !== 'restore', maintenance: server })
  return { backend: opened.backend, db: opened.db, label }
}
