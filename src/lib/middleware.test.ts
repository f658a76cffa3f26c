import { describe, expect, it } from 'vitest'
import { type Middleware, compose } from './middleware'

/** A middleware that notes when it is entered and left. */
const step =
  (name: string, log: string[]): Middleware =>
  async (request, next) => {
    log.push(`> ${name}`)
    const response = await next(request)
    log.push(`< ${name}`)
    return response
  }

describe('compose', () => {
  it('runs the middlewares in order, the first outermost, and the last handler innermost', async () => {
    const log: string[] = []
    const pipeline = compose(step('a', log), step('b', log))
    const response = await pipeline(new Request('http://x/'), async () => {
      log.push('handler')
      return new Response('ok')
    })
    expect(await response.text()).toBe('ok')
    expect(log).toEqual(['> a', '> b', 'handler', '< b', '< a'])
  })

  it('hands each step the request the one before passed on', async () => {
    const rewrite: Middleware = (request, next) => next(new Request(new URL('/rewritten', request.url)))
    const response = await compose(rewrite)(new Request('http://x/'), async (r) => new Response(new URL(r.url).pathname))
    expect(await response.text()).toBe('/rewritten')
  })

  it('lets a step answer without calling the rest', async () => {
    const refuse: Middleware = async () => new Response(null, { status: 413 })
    let reached = false
    const response = await compose(refuse, async (r, next) => {
      reached = true
      return next(r)
    })(new Request('http://x/'), async () => new Response('never'))
    expect(response.status).toBe(413)
    expect(reached).toBe(false)
  })

  it('with no middleware is the handler itself', async () => {
    const response = await compose()(new Request('http://x/'), async () => new Response('direct'))
    expect(await response.text()).toBe('direct')
  })
})
