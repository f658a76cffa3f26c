/**
 * A stand-in for Supabase's HTTP APIs in tests: it records every request the clients make
 * and answers from replies queued per method and path. A request nothing answers is
 * recorded in `unhandled` and fails like a network error, and the tests assert it stays empty.
 */
export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  body: unknown
  /** The JSON body, parsed. */
  json(): unknown
}

export interface FakeReply {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

type Answer = FakeReply | Error | ((request: RecordedRequest) => FakeReply | Error)

interface Route {
  method: string
  path: string
  answers: Answer[]
}

export interface FakeFetch {
  fetch: typeof fetch
  requests: RecordedRequest[]
  unhandled: string[]
  /** Queues one answer for the next `method path` request (path without the query). */
  on(method: string, path: string, answer: Answer): FakeFetch
  /** Requests made to a path, in order. */
  to(method: string, path: string): RecordedRequest[]
  /**
   * Answers, every time, the requests no queued reply answers and `serve` does (it returns
   * undefined for the others): a stand-in with state, such as a Storage bucket.
   */
  fallback(serve: (request: RecordedRequest) => FakeReply | undefined): FakeFetch
}

function toResponse(reply: FakeReply, method: string): Response {
  const status = reply.status ?? 200
  const hasBody = reply.body !== undefined && method !== 'HEAD' && status !== 204
  // Bytes (a downloaded file) go as they are, with the reply's own content type.
  if (hasBody && reply.body instanceof Uint8Array) {
    return new Response(reply.body as Uint8Array<ArrayBuffer>, { status, headers: reply.headers })
  }
  return new Response(hasBody ? JSON.stringify(reply.body) : null, {
    status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  })
}

export function createFakeFetch(): FakeFetch {
  const routes: Route[] = []
  const fallbacks: ((request: RecordedRequest) => FakeReply | undefined)[] = []
  const fake: FakeFetch = {
    requests: [],
    unhandled: [],
    on(method, path, answer) {
      const route = routes.find((r) => r.method === method && r.path === path)
      if (route) route.answers.push(answer)
      else routes.push({ method, path, answers: [answer] })
      return fake
    },
    to: (method, path) => fake.requests.filter((r) => r.method === method && r.url.pathname === path),
    fallback(serve) {
      fallbacks.push(serve)
      return fake
    },
    fetch: async (input, init) => {
      const source = input instanceof Request ? input : undefined
      const url = new URL(source ? source.url : String(input))
      const method = (init?.method ?? source?.method ?? 'GET').toUpperCase()
      const body = init?.body ?? undefined
      const request: RecordedRequest = {
        method,
        url,
        headers: new Headers(init?.headers ?? source?.headers),
        body,
        json: () => JSON.parse(String(body)),
      }
      fake.requests.push(request)
      const answer =
        routes.find((r) => r.method === method && r.path === url.pathname)?.answers.shift() ??
        fallbacks.map((serve) => serve(request)).find((reply) => reply !== undefined)
      if (!answer) {
        fake.unhandled.push(`${method} ${url.pathname}${url.search}`)
        throw new TypeError('fetch failed (no fake reply)')
      }
      const reply = typeof answer === 'function' ? answer(request) : answer
      if (reply instanceof Error) throw reply
      return toResponse(reply, method)
    },
  }
  return fake
}
