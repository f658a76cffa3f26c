import { afterEach, describe, expect, it, vi } from 'vitest'
import { hydrateWhenVisible } from './hydrate-when-visible'

/** Records what the strategy asks of IntersectionObserver and lets the test deliver batches. */
class FakeObserver {
  static last: FakeObserver | undefined
  observed: unknown[] = []
  disconnected = false
  constructor(
    readonly deliver: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this
  }
  observe(element: unknown) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
}

function start() {
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  const hydrate = vi.fn()
  const element = {} as Element
  // `prefetch` is what the strategy calls in place of the gate when given one.
  const stop = hydrateWhenVisible('800px')._s?.({ element, prefetch: hydrate })
  const observer = FakeObserver.last!
  return { hydrate, element, observer, stop }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.last = undefined
})

describe('hydrateWhenVisible', () => {
  it('watches the island with the margin it was given', () => {
    const { observer, element, hydrate } = start()
    expect(observer.observed).toEqual([element])
    expect(observer.options.rootMargin).toBe('800px')
    expect(hydrate).not.toHaveBeenCalled()
  })

  it('hydrates on a batch whose first record is "not yet" and a later one "in view"', () => {
    const { observer, hydrate } = start()
    observer.deliver([{ isIntersecting: false }, { isIntersecting: true }])
    expect(hydrate).toHaveBeenCalledOnce()
    expect(observer.disconnected).toBe(true)
  })

  it('waits while the island is out of reach', () => {
    const { observer, hydrate } = start()
    observer.deliver([{ isIntersecting: false }])
    expect(hydrate).not.toHaveBeenCalled()
    observer.deliver([{ isIntersecting: true }])
    expect(hydrate).toHaveBeenCalledOnce()
  })

  it('stops watching when the island goes away', () => {
    const { observer, stop } = start()
    ;(stop as () => void)()
    expect(observer.disconnected).toBe(true)
  })
})
