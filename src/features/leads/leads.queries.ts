/**
 * The team features' reads. A lead's notes and history sit under the inbox's key, so whatever
 * reads the inbox again (a change, the live feed) reads an open lead's too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type StaffMember, staffLabel } from '~/domain/leads'
import { inboxKeys } from '~/features/inbox/inbox.queries'
import { getLeadHistory, getLeadNotes, getStaffDirectory } from './leads.functions'

export const leadKeys = {
  staff: ['staff-directory'] as const,
  lead: (id: string) => [...inboxKeys.all, 'lead', id] as const,
  notes: (id: string) => [...leadKeys.lead(id), 'notes'] as const,
  history: (id: string) => [...leadKeys.lead(id), 'history'] as const,
}

export const staffDirectoryQueryOptions = () =>
  queryOptions({ queryKey: leadKeys.staff, queryFn: () => getStaffDirectory(), staleTime: 60_000 })

export const leadNotesQueryOptions = (id: string) =>
  queryOptions({ queryKey: leadKeys.notes(id), queryFn: () => getLeadNotes({ data: { id } }) })

export const leadHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: leadKeys.history(id), queryFn: () => getLeadHistory({ data: { id } }) })

/** The team by name, who you are, and how to show anyone: their name, or their address. */
export function useStaff(): { members: StaffMember[]; you: string | undefined; label: (email: string) => string } {
  const { data } = useQuery(staffDirectoryQueryOptions())
  const members = data?.members ?? []
  const byEmail = new Map(members.map((member) => [member.email, member]))
  return { members, you: data?.you, label: (email) => staffLabel(byEmail.get(email), email) }
}
