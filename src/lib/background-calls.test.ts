import { afterEach, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.resetModules()
})

it('marks a call as background once no key, click or touch came for 15 s, or in a hidden tab', async () => {
  let now = 1_000
  vi.spyOn(performance, 'now').mockImplementation(() => now)
  const listeners = new Map<string, () => void>()
  const page = { visibilityState: 'visible' }
  vi.stubGlobal('document', page)
  vi.stubGlobal('window', { addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) })
  const { isBackgroundCall } = await import('./background-calls')

  // Right after the page loaded: the page's own first reads are the person's opening it.
  expect(isBackgroundCall()).toBe(false)
  now += 16_000
  expect(isBackgroundCall()).toBe(true)
  listeners.get('keydown')?.()
  expect(isBackgroundCall()).toBe(false)
  now += 10_000
  listeners.get('pointerdown')?.()
  now += 14_000
  expect(isBackgroundCall()).toBe(false)
  page.visibilityState = 'hidden'
  expect(isBackgroundCall()).toBe(true)
})

it('never marks a call made on the server (a page rendered for a request)', async () => {
  const { isBackgroundCall } = await import('./background-calls')
  expect(isBackgroundCall()).toBe(false)
})
