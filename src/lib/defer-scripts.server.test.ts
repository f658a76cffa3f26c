import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { SCRIPT_START_FALLBACK_MS, deferScriptsUntilPainted } from './defer-scripts.server'
import { HYDRATED_EVENT } from './early-clicks'

/** The shape TanStack Start renders: modulepreload links in the head, the entry module at the end of the body. */
const PAGE = [
  '<html><head>',
  '<link rel="stylesheet" href="/assets/styles.css" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/index.js" fetchPriority="low" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/framework.js" fetchPriority="low" nonce="N0"/>',
  '</head><body><main>Merhaba</main>',
  '<script nonce="N0">self.$_TSR={}</script>',
  '<script type="module" async="" src="/assets/index.js" nonce="N0"></script>',
  '<script nonce="N0">document.currentScript.remove()</script>',
  '</body></html>',
].join('')

const loaderOf = (html: string) => html.match(/<script nonce="N0">(\(function\(d,w\)[^<]+)<\/script>/)?.[1] ?? ''

describe('deferScriptsUntilPainted', () => {
  it('leaves no script to fetch before the first paint, and keeps the page and its inline scripts', () => {
    const html = deferScriptsUntilPainted(PAGE)
    expect(html).not.toMatch(/<link[^>]*modulepreload/)
    expect(html).not.toMatch(/<script[^>]*\bsrc=/)
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles.css" nonce="N0"/>')
    expect(html).toContain('<main>Merhaba</main>')
    expect(html).toContain('<script nonce="N0">self.$_TSR={}</script>')
    expect(loaderOf(html)).not.toBe('')
  })

  it('serves any other shape as rendered', () => {
    const twoEntries = PAGE.replace('</body>', '<script type="module" src="/assets/other.js" nonce="N0"></script></body>')
    expect(deferScriptsUntilPainted(twoEntries)).toBe(twoEntries)
    const noNonce = PAGE.replace(' src="/assets/index.js" nonce="N0"', ' src="/assets/index.js"')
    expect(deferScriptsUntilPainted(noNonce)).toBe(noNonce)
    expect(deferScriptsUntilPainted('<p>no scripts</p>')).toBe('<p>no scripts</p>')
  })

  describe('its inline script, run in a stand-in browser', () => {
    function browser({ paintTiming = true } = {}) {
      const appended: Record<string, string>[] = []
      const listeners = new Map<string, ((event: unknown) => void)[]>()
      let paintCallback: ((list: unknown, observer: unknown) => void) | undefined
      const timers: [() => void, number][] = []
      const document = {
        currentScript: { nonce: 'N0', remove: vi.fn() },
        head: { appendChild: (el: Record<string, string>) => appended.push({ ...el }) },
        createElement: (tag: string): Record<string, string> => ({ tag }),
        addEventListener: (type: string, fn: (event: unknown) => void) =>
          listeners.set(type, [...(listeners.get(type) ?? []), fn]),
        removeEventListener: (type: string, fn: (event: unknown) => void) =>
          listeners.set(
            type,
            (listeners.get(type) ?? []).filter((f) => f !== fn),
          ),
      }
      class PerformanceObserver {
        static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : []
        constructor(fn: (list: unknown, observer: unknown) => void) {
          paintCallback = fn
        }
        observe() {}
        disconnect() {}
      }
      const window = {
        PerformanceObserver,
        requestAnimationFrame: (fn: () => void) => timers.push([fn, 16]),
      }
      const context = {
        document,
        window,
        setTimeout: (fn: () => void, ms = 0) => timers.push([fn, ms]),
        requestAnimationFrame: window.requestAnimationFrame,
      }
      runInNewContext(loaderOf(deferScriptsUntilPainted(PAGE)), context)
      return {
        appended,
        removedItself: () => document.currentScript.remove.mock.calls.length === 1,
        paint: (name: string) =>
          paintCallback?.({ getEntriesByName: (n: string) => (n === name ? [{}] : []) }, { disconnect() {} }),
        /** Runs the timers due within `upToMs` of now (and those they set that are due at once). */
        runTimers: (upToMs: number) => {
          const due = timers.filter(([, ms]) => ms <= upToMs)
          timers.splice(0, timers.length, ...timers.filter(([, ms]) => ms > upToMs))
          for (const [fn] of due) fn()
        },
        dispatch: (type: string, event: unknown) => {
          for (const fn of listeners.get(type) ?? []) fn(event)
        },
      }
    }

    it('adds the preloads and the entry module, with the nonce, at the first contentful paint and only then', () => {
      const b = browser()
      expect(b.removedItself()).toBe(true)
      b.paint('first-paint')
      expect(b.appended).toEqual([])
      b.paint('first-contentful-paint')
      expect(b.appended).toEqual([
        { tag: 'link', rel: 'modulepreload', href: '/assets/index.js', nonce: 'N0' },
        { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js', nonce: 'N0' },
        { tag: 'script', type: 'module', async: true, src: '/assets/index.js', nonce: 'N0' },
      ])
      b.runTimers(SCRIPT_START_FALLBACK_MS)
      expect(b.appended).toHaveLength(3)
    })

    it('starts anyway after a few seconds without a paint, and after one frame where paint timing is missing', () => {
      const hidden = browser()
      hidden.runTimers(SCRIPT_START_FALLBACK_MS - 1)
      expect(hidden.appended).toEqual([])
      hidden.runTimers(SCRIPT_START_FALLBACK_MS)
      expect(hidden.appended.at(-1)?.src).toBe('/assets/index.js')

      const old = browser({ paintTiming: false })
      old.runTimers(0)
      expect(old.appended).toEqual([])
      old.runTimers(16)
      old.runTimers(0)
      expect(old.appended.at(-1)?.src).toBe('/assets/index.js')
    })

    it('holds clicks on the controls that need the code and replays them once the page has hydrated', () => {
      const b = browser()
      const menu = { click: vi.fn() }
      const click = (control: object | null) => {
        const event = { target: { closest: () => control }, preventDefault: vi.fn(), stopPropagation: vi.fn() }
        b.dispatch('click', event)
        return event
      }
      const held = click(menu)
      expect(held.preventDefault).toHaveBeenCalled()
      click(menu)
      const elsewhere = click(null)
      expect(elsewhere.preventDefault).not.toHaveBeenCalled()
      expect(menu.click).not.toHaveBeenCalled()

      b.dispatch(HYDRATED_EVENT, {})
      // Both taps, in order: open, then close.
      expect(menu.click).toHaveBeenCalledTimes(2)
      const after = click(menu)
      expect(after.preventDefault).not.toHaveBeenCalled()
    })
  })
})
