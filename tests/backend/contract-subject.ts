/** What the contract suite (backend.contract.ts and its *.contract.ts parts) runs against. */
import type { Backend } from '~/backend/backend'
import type { Sql } from '~/backend/sql/client'

export interface ContractSubject {
  backend: Backend
  /** An existing user whose address is on the admin list. */
  adminEmail: string
  /** An existing user who is not an admin. */
  staffEmail: string
  /** Mail sent so far, oldest first. Without it, the tests that need a real code are not registered. */
  readOutbox?: () => Promise<{ to: string; subject: string; text: string }[]>
  /**
   * The same database through a connection that may do what the app never does (remove a banner
   * row, insert messages in bulk), to arrange a test. Without it, those tests are not registered
   * (a live Supabase project).
   */
  setup?: Sql
  /** Closes the backend and removes anything the factory created (temp folders and the like). */
  dispose(): Promise<void>
}

export type MakeSubject = () => Promise<ContractSubject>

/** The subject of the running suite, created in its beforeAll. */
export type Subject = () => ContractSubject

/** A marker unique to one run, so searches find only this run's rows on a shared database. */
export function runTag(): string {
  return `ct${Math.random().toString(36).slice(2, 10)}`
}
