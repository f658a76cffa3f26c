/**
 * Fresh databases on the test run's PostgreSQL server (tests/support/postgres-server.ts), for the
 * tests of the `postgres` Vitest project:
 * - createPlainDatabase(): what a managed PostgreSQL gives its customer, an empty database owned
 *   by a login role with CREATEROLE but no superuser;
 * - createSupabaseDatabase(): a database set up as Supabase sets up a project
 *   (tests/support/supabase-platform.sql, as supabase_admin), then supabase/migrations applied as
 *   the non-superuser `postgres`, file by file, each in a transaction, as `supabase db push` does.
 * Roles are cluster-wide: every login role made here has a unique name, and all share one fixed
 * password (a throwaway server on loopback).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'

const PASSWORD = 'test-password'
const PRELUDE_PATH = path.resolve(import.meta.dirname, 'supabase-platform.sql')
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/migrations')

export interface PlainDatabase {
  /** Connects as the database's owner: LOGIN, CREATEROLE, not superuser. */
  url: string
  /** With `{ appRole: true }`: a login role that is a member of app_server and of nothing else. */
  appUrl?: string
  drop(): Promise<void>
}

export interface SupabaseDatabase {
  /** supabase_admin, the platform's superuser. */
  superuserUrl: string
  /** `postgres`, the role a project's owner and `supabase db push` use: not a superuser. */
  postgresUrl: string
  /** A login role that is a member of app_server and of nothing else: what the app's server uses. */
  appUrl: string
  /** Any login role of the prelude (postgres, authenticator, supabase_auth_admin, …). */
  urlFor(role: string): string
  drop(): Promise<void>
}

let counter = 0
/** Lower case and short enough for a PostgreSQL identifier (63 bytes). */
function uniqueName(prefix: string): string {
  counter += 1
  return `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`
}

/** Set by prepareCluster() in the global setup, where inject() is not available. */
let clusterUrl: string | undefined
const baseUrl = () => clusterUrl ?? inject('pgSuperuserUrl')

function urlFor(user: string, password: string, database: string): string {
  const url = new URL(baseUrl())
  url.username = encodeURIComponent(user)
  url.password = encodeURIComponent(password)
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

function superuserUrl(database = 'postgres'): string {
  const url = new URL(baseUrl())
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const ident = (name: string) => pg.escapeIdentifier(name)
const literal = (value: string) => pg.escapeLiteral(value)

async function dropDatabaseAndRoles(database: string, roles: string[]): Promise<void> {
  await withClient(superuserUrl(), async (client) => {
    await client.query(`drop database if exists ${ident(database)} with (force)`)
    for (const role of roles) {
      // A role the test's code made this one grantor of (CREATEROLE) can keep it alive; a
      // leftover role costs nothing, and the whole cluster goes at the end of the run.
      await client.query(`drop role if exists ${ident(role)}`).catch(() => undefined)
    }
  })
}

export async function createPlainDatabase(options: { appRole?: boolean } = {}): Promise<PlainDatabase> {
  const database = uniqueName('plain')
  const owner = `${database}_owner`
  const app = `${database}_app`
  await withClient(superuserUrl(), async (client) => {
    await client.query(`create role ${ident(owner)} login nosuperuser createrole password ${literal(PASSWORD)}`)
    await client.query(`create database ${ident(database)} owner ${ident(owner)}`)
    // app_server exists: the global setup's Supabase template created the cluster's roles.
    if (options.appRole) await client.query(`create role ${ident(app)} login password ${literal(PASSWORD)} in role app_server`)
  })
  return {
    url: urlFor(owner, PASSWORD, database),
    appUrl: options.appRole ? urlFor(app, PASSWORD, database) : undefined,
    drop: () => dropDatabaseAndRoles(database, options.appRole ? [owner, app] : [owner]),
  }
}

function migrationFiles(): { version: string; name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_')
      return { version, name: rest.join('_'), sql: readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') }
    })
}

/**
 * What `supabase db push` does (supabase/cli apps/cli-go/pkg/migration/history.go and file.go):
 * create its history table, then per file run the statements and record the version in one
 * transaction, as `postgres`.
 */
async function pushMigrations(postgresUrl: string): Promise<void> {
  await withClient(postgresUrl, async (client) => {
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text not null primary key, statements text[], name text)`)
    for (const file of migrationFiles()) {
      try {
        await client.query('begin')
        await client.query(file.sql)
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          file.version,
          file.name,
          [file.sql],
        ])
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw new Error(`supabase/migrations/${file.version}_${file.name}.sql failed as postgres: ${String(error)}`, {
          cause: error,
        })
      }
    }
  })
}

/**
 * One database per run with the prelude and the migrations applied, named after their content,
 * built once (an advisory lock keeps the test processes from building it twice) and copied for
 * each test: CREATE DATABASE … TEMPLATE is much quicker than replaying everything.
 */
async function buildSupabaseTemplate(): Promise<string> {
  const prelude = readFileSync(PRELUDE_PATH, 'utf8')
  const hash = createHash('sha256')
  hash.update(prelude)
  for (const file of migrationFiles()) hash.update(`\0${file.version}\0${file.sql}`)
  const template = `tpl_supabase_${hash.digest('hex').slice(0, 16)}`

  await withClient(superuserUrl(), async (admin) => {
    await admin.query(`select pg_advisory_lock(hashtext('pusula supabase template'))`)
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template])
      if (rowCount) return
      const building = `${template}_building`
      await admin.query(`drop database if exists ${ident(building)} with (force)`)
      await admin.query(`create database ${ident(building)}`)
      await withClient(superuserUrl(building), async (client) => {
        await client.query(prelude)
        // The project's database is `postgres`'s (migrate.sh), and with it schema public; the
        // role exists only now that the prelude has made it.
        await client.query(`alter database ${ident(building)} owner to postgres`)
        // As the CLI's start/templates/schema.sql does, with the local password.
        for (const role of ['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin']) {
          await client.query(`alter role ${ident(role)} with password ${literal(PASSWORD)}`)
        }
      })
      await pushMigrations(urlFor('postgres', PASSWORD, building))
      await admin.query(`alter database ${ident(building)} rename to ${ident(template)}`)
      await admin.query(`alter database ${ident(template)} with allow_connections false`)
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('pusula supabase template'))`)
    }
  })
  return template
}

/**
 * Run once by the global setup, before any test file: builds the Supabase template, whose
 * prelude creates the cluster's roles (Supabase's and app_server). Roles belong to the whole
 * server, so a test file migrating a plain database while another builds the template would
 * race on CREATE ROLE; with the roles already there, nothing creates them again.
 */
export async function prepareCluster(superuserUrl: string): Promise<void> {
  clusterUrl = superuserUrl
  try {
    await buildSupabaseTemplate()
  } finally {
    clusterUrl = undefined
  }
}

let template: Promise<string> | undefined
function supabaseTemplate(): Promise<string> {
  template ??= buildSupabaseTemplate().catch((error) => {
    template = undefined
    throw error
  })
  return template
}

export async function createSupabaseDatabase(): Promise<SupabaseDatabase> {
  const source = await supabaseTemplate()
  const database = uniqueName('supabase')
  const app = `${database}_app`
  await withClient(superuserUrl(), async (client) => {
    await client.query(`create database ${ident(database)} template ${ident(source)} owner postgres`)
    await client.query(`create role ${ident(app)} login password ${literal(PASSWORD)} in role app_server`)
  })
  return {
    superuserUrl: superuserUrl(database),
    postgresUrl: urlFor('postgres', PASSWORD, database),
    appUrl: urlFor(app, PASSWORD, database),
    urlFor: (role) => urlFor(role, PASSWORD, database),
    drop: () => dropDatabaseAndRoles(database, [app]),
  }
}
