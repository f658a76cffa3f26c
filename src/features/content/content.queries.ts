/** Query options shared by the content editor's route loader and its components. */
import { type DehydratedState, dehydrate, queryOptions } from '@tanstack/react-query'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import { m } from '~/paraglide/messages'
import { getContentEditor, listContentVersions } from './content.functions'

export const contentKeys = {
  editor: ['content', 'editor'] as const,
  versions: ['content', 'versions'] as const,
}

const retry = (failures: number, error: unknown) => {
  const status = describeError(error).status
  return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
}

export function contentEditorQueryOptions() {
  // Never refetched behind the editor's back: the draft on screen is the reader's until they save.
  return queryOptions({
    queryKey: contentKeys.editor,
    queryFn: () => getContentEditor(),
    staleTime: Number.POSITIVE_INFINITY,
    retry,
  })
}

export function contentVersionsQueryOptions() {
  return queryOptions({ queryKey: contentKeys.versions, queryFn: () => listContentVersions(), staleTime: 10_000, retry })
}

/** The route loader's part: the page renders on the server with the editor's data. */
export async function loadContentEditor(): Promise<{ state: DehydratedState | undefined; title: string }> {
  const queryClient = getQueryClient()
  const title = m.content_meta_title()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(contentEditorQueryOptions())
    return { state: undefined, title }
  }
  await queryClient.ensureQueryData(contentEditorQueryOptions())
  return { state: dehydrate(queryClient), title }
}
