/** A step of the server's request pipeline: gets the request and `next` (the rest), and answers with
 * a Response; it may pass `next` another request. */
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
