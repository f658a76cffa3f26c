/**
 * A server-sent events client for tests: opens the stream as a page's EventSource does and
 * hands out its events in order, each with the time it arrived.
 */
export interface StreamEvent {
  event: string
  data: string
  receivedAt: number
}

export interface EventStream {
  /** The next event (after those already taken) that `matches`, or a rejection after `timeoutMs`. */
  next(matches: (event: StreamEvent) => boolean, timeoutMs: number): Promise<StreamEvent>
  close(): void
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<EventStream> {
  const abort = new AbortController()
  const response = await fetcher(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal })
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`)
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`${url}: not an event stream (${response.headers.get('content-type')})`)
  }
  const events: StreamEvent[] = []
  let wake = () => {}
  let ended: Error | null = null

  void (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart())
          const [event = 'message'] = field('event')
          const data = field('data')
          // Comments (heartbeats) and retry lines carry no data.
          if (data.length > 0) events.push({ event, data: data.join('\n'), receivedAt: Date.now() })
          end = buffer.indexOf('\n\n')
        }
        wake()
      }
      ended = new Error(`${url}: the stream ended`)
    } catch (error) {
      ended = error instanceof Error ? error : new Error(String(error))
    }
    wake()
  })()

  let taken = 0
  return {
    async next(matches, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        while (taken < events.length) {
          const event = events[taken++] as StreamEvent
          if (matches(event)) return event
        }
        if (ended) throw ended
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`${url}: no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    },
    close: () => abort.abort(),
  }
}
