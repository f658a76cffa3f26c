import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Lock, Trash2 } from 'lucide-react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { type LeadNote, noteDeletable, type StaffMember } from '~/domain/leads'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { MessageDate } from '~/features/inbox/components/message-date'
import { addLeadNote, deleteLeadNote } from '../leads.functions'
import { leadKeys, leadNotesQueryOptions, useStaff } from '../leads.queries'

const MAX_SUGGESTIONS = 5

/** The `@word` being typed just before the caret, if any. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[\s(])@([^\s@]*)$/u.exec(text.slice(0, caret))
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLocaleLowerCase('tr') } : null
}

function suggestionsFor(query: string, members: readonly StaffMember[], you: string | undefined): StaffMember[] {
  return members
    .filter((member) => member.email !== you)
    .filter(
      (member) =>
        member.email.startsWith(query) ||
        (member.name ?? '')
          .toLocaleLowerCase('tr')
          .split(/\s+/)
          .some((word) => word.startsWith(query)),
    )
    .slice(0, MAX_SUGGESTIONS)
}

/** 'İç Not': notes only the team sees, with `@` mentions that mail the colleague. */
export function LeadNotes({ messageId }: { messageId: string }) {
  const queryClient = useQueryClient()
  const { members, you, label } = useStaff()
  const notes = useQuery(leadNotesQueryOptions(messageId))
  const [body, setBody] = useState('')
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null)
  const [active, setActive] = useState(0)
  const box = useRef<HTMLTextAreaElement>(null)
  const ids = useId()
  const suggestions = mention ? suggestionsFor(mention.query, members, you) : []
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.lead(messageId) })

  const add = useMutation({
    mutationFn: () => addLeadNote({ data: { messageId, body } }),
    onSuccess: () => {
      setBody('')
      setMention(null)
      toast.success({ title: m.leads_note_added() })
      void refresh()
    },
    onError: (error) => toast.error({ title: m.leads_note_failed(), description: describeError(error).message || undefined }),
  })
  const remove = useMutation({
    mutationFn: (id: string) => deleteLeadNote({ data: { id } }),
    onSuccess: () => {
      toast.success({ title: m.leads_note_deleted() })
      void refresh()
    },
    onError: (error) => toast.error({ title: describeError(error).message || m.leads_note_failed() }),
  })

  function track(text: string, caret: number) {
    setBody(text)
    setMention(mentionAt(text, caret))
    setActive(0)
  }

  function insert(member: StaffMember) {
    if (!mention) return
    const caret = box.current?.selectionStart ?? body.length
    const word = `@${member.name?.trim() || member.email} `
    const next = body.slice(0, mention.start) + word + body.slice(caret)
    setBody(next)
    setMention(null)
    requestAnimationFrame(() => {
      box.current?.focus()
      box.current?.setSelectionRange(mention.start + word.length, mention.start + word.length)
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (suggestions.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      insert(suggestions[active]!)
    } else if (event.key === 'Escape') {
      event.stopPropagation()
      setMention(null)
    }
  }

  const now = new Date()
  const listId = `${ids}-mentions`
  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-3" data-lead-notes>
      <h3 id={`${ids}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {m.leads_notes_title()}
      </h3>
      {notes.data && notes.data.length > 0 ? (
        <ol className="space-y-2" data-testid="lead-notes">
          {notes.data.map((note: LeadNote) => (
            <li key={note.id} className="rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="lead-note">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <Badge tone="warning">
                  <Lock className="mr-1 size-3" aria-hidden="true" />
                  {m.leads_note_badge()}
                </Badge>
                <span className="font-medium text-slate-800">{label(note.authorEmail)}</span>
                <MessageDate iso={note.createdAt} />
                {you && noteDeletable(note, you, now) ? (
                  <button
                    type="button"
                    className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-slate-600 hover:bg-amber-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    onClick={() => remove.mutate(note.id)}
                    disabled={remove.isPending}
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" />
                    {m.leads_note_delete()}
                  </button>
                ) : null}
              </div>
              <p className="mt-1.5 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]" dir="auto">
                {note.body}
              </p>
            </li>
          ))}
        </ol>
      ) : notes.isSuccess ? (
        <p className="text-sm text-slate-500">{m.leads_notes_empty()}</p>
      ) : null}

      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (body.trim() !== '') add.mutate()
        }}
      >
        <label htmlFor={`${ids}-note`} className="text-sm font-medium text-slate-800">
          {m.leads_note_label()}
        </label>
        <div className="relative">
          <Textarea
            ref={box}
            id={`${ids}-note`}
            rows={3}
            maxLength={LIMITS.leads.noteMax}
            value={body}
            className="text-sm"
            aria-describedby={`${ids}-hint`}
            aria-autocomplete="list"
            aria-controls={suggestions.length > 0 ? listId : undefined}
            aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
            onChange={(event) => track(event.target.value, event.target.selectionStart)}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setMention(null), 150)}
          />
          {suggestions.length > 0 ? (
            <div
              id={listId}
              role="listbox"
              aria-label={m.leads_mention_suggestions()}
              className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
            >
              {suggestions.map((member, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea's arrows and Enter choose; a click is the pointer's way
                <div
                  key={member.email}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-800 aria-selected:bg-slate-100"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(member)}
                >
                  <span className="font-medium">{label(member.email)}</span>
                  {member.name ? <span className="ml-2 text-xs text-slate-500">{member.email}</span> : null}
                </div>
              ))}
            </div>
          ) : null}
        </div>
        <p id={`${ids}-hint`} className="text-xs text-slate-600">
          {m.leads_note_hint()}
        </p>
        <Button type="submit" variant="secondary" size="sm" disabled={add.isPending || body.trim() === ''}>
          {m.leads_note_add()}
        </Button>
      </form>
    </section>
  )
}
