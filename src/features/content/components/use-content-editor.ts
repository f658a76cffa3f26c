import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from '~/components/ui/toaster'
import type { ContentDraft, SiteContent } from '~/domain/site-content'
import { redirectIfRefused } from '~/features/team/components/use-team-actions'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { type Path, pathKey, setAt } from '../content-paths'
import {
  type ContentWriteResult,
  getDefaultContent,
  publishContent,
  restoreContentVersion,
  saveContentDraft,
} from '../content.functions'
import { contentEditorQueryOptions, contentKeys } from '../content.queries'

/** A colleague's save that beat ours: theirs is on screen, ours kept to bring back. */
export interface ContentConflictState {
  who: string
  mine: SiteContent
}

/**
 * The editor's state: the content on screen, the draft revision it started from, the server's
 * field errors, and the save, publish, restore and defaults actions.
 */
export function useContentEditor() {
  const queryClient = useQueryClient()
  const editor = useQuery(contentEditorQueryOptions())
  const [content, setContent] = useState<SiteContent | null>(null)
  const [revision, setRevision] = useState(0)
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [conflict, setConflict] = useState<ContentConflictState | null>(null)
  const [draftInfo, setDraftInfo] = useState<ContentDraft | null>(null)

  // The server's draft (or what is live) becomes the screen's content once, when it first arrives.
  useEffect(() => {
    if (!editor.data || content) return
    setContent(editor.data.draft.content ?? editor.data.published)
    setRevision(editor.data.draft.revision)
    setDraftInfo(editor.data.draft)
  }, [editor.data, content])

  useEffect(() => {
    if (editor.error) redirectIfRefused(editor.error)
  }, [editor.error])

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  function update(path: Path, value: unknown) {
    setContent((current) => (current ? setAt(current, path, value) : current))
    setDirty(true)
    const key = pathKey(path)
    setErrors((current) => {
      const stale = Object.keys(current).filter((field) => field === key || field.startsWith(`${key}.`))
      if (stale.length === 0) return current
      const next = { ...current }
      for (const field of stale) delete next[field]
      return next
    })
  }

  function settled(result: ContentWriteResult, mine: SiteContent): boolean {
    if (result.ok) {
      setRevision(result.draft.revision)
      setDraftInfo(result.draft)
      setDirty(false)
      setErrors({})
      setConflict(null)
      return true
    }
    const theirs = result.draft
    setConflict({ who: theirs.updatedBy ?? '', mine })
    setContent(theirs.content ?? editor.data?.published ?? mine)
    setRevision(theirs.revision)
    setDraftInfo(theirs)
    setDirty(false)
    setErrors({})
    return false
  }

  function failed(error: unknown) {
    const { fields, message } = describeError(error)
    if (fields) {
      setErrors(fields)
      toast.error({ title: m.content_invalid() })
    } else {
      toast.error({ title: m.content_save_error(), description: message || undefined })
      redirectIfRefused(error)
    }
  }

  const save = useMutation({
    mutationFn: (current: SiteContent) => saveContentDraft({ data: { content: current, baseRevision: revision } }),
    onSuccess: (result, current) => {
      if (settled(result, current)) toast.success({ title: m.content_draft_saved() })
    },
    onError: failed,
  })

  const publish = useMutation({
    mutationFn: (current: SiteContent) => publishContent({ data: { content: current, baseRevision: revision } }),
    onSuccess: async (result, current) => {
      if (!settled(result, current)) return
      toast.success({ title: m.content_published() })
      await queryClient.invalidateQueries({ queryKey: contentKeys.versions })
    },
    onError: failed,
  })

  const restore = useMutation({
    mutationFn: (id: number) => restoreContentVersion({ data: { id } }),
    onSuccess: async (_version, id) => {
      toast.success({ title: m.content_restored({ id: String(id) }) })
      await queryClient.invalidateQueries({ queryKey: contentKeys.versions })
      // With no draft of its own, the editor shows what is now live.
      if (!dirty && !draftInfo?.content) {
        const fresh = await queryClient.fetchQuery({ ...contentEditorQueryOptions(), staleTime: 0 })
        setContent(fresh.draft.content ?? fresh.published)
        setRevision(fresh.draft.revision)
        setDraftInfo(fresh.draft)
      }
    },
    onError: failed,
  })

  const defaults = useMutation({
    mutationFn: () => getDefaultContent(),
    onSuccess: (fresh) => {
      setContent(fresh)
      setDirty(true)
      setErrors({})
      toast.info({ title: m.content_defaults_loaded() })
    },
    onError: failed,
  })

  return {
    editor,
    content,
    dirty,
    errors,
    conflict,
    draftInfo,
    update,
    /** Saves the screen's content unless it is saved already; resolves true when it is. */
    async ensureSaved(): Promise<boolean> {
      if (!content) return false
      if (!dirty && draftInfo?.content) return true
      try {
        const result = await save.mutateAsync(content)
        return result.ok
      } catch {
        return false
      }
    },
    save: () => content && save.mutate(content),
    publish: () => content && publish.mutate(content),
    restore: (id: number) => restore.mutate(id),
    loadDefaults: () => defaults.mutate(),
    bringBackMine: () => {
      if (!conflict) return
      setContent(conflict.mine)
      setDirty(true)
      setConflict(null)
    },
    saving: save.isPending,
    publishing: publish.isPending,
    restoring: restore.isPending,
  }
}

export type ContentEditor = ReturnType<typeof useContentEditor>
