import { visible } from '@tanstack/react-start/hydration'

type VisibleStrategy = ReturnType<typeof visible>

/** `visible({ rootMargin })` that hydrates on any record of an IntersectionObserver batch. TanStack
 * Start's own (react-start-client 1.168.45, the latest) reads only the first record. */
export function hydrateWhenVisible(rootMargin: string): VisibleStrategy {
  const strategy = visible({ rootMargin })
  return {
    ...strategy,
    _s(context) {
      const { element } = context
      if (!element) return strategy._s?.(context)
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          observer.disconnect()
          strategy._s?.({ ...context, element: null })
        },
        { rootMargin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
  }
}
