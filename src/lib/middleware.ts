/** The shape of every step of the server's request pipeline (src/server.ts): a middleware gets the
 * request and `next`, the rest of the pipeline, and answers with a Response. It may pass `next`
 * another request (the body limit does), change what `next` answered, or answer alone. */
export type Next = (request: Request) => Promise<Response>
export type Middleware = (request: Request, next: Next) => Promise<Response>

/** One middleware made of several, the first one outermost. */
export function compose(...middlewares: Middleware[]): Middleware {
  return (request, last) => {
    const run = (index: number, current: Request): Promise<Response> => {
      const middleware = middlewares[index]
      return middleware ? middleware(current, (next) => run(index + 1, next)) : last(current)
    }
    return run(0, request)
  }
}
