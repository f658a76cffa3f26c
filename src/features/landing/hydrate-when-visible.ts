import { visible } from '@tanstack/react-start/hydration'

type VisibleStrategy = ReturnType<typeof visible>

/**
 * `visible({ rootMargin })` that hydrates on any record of an IntersectionObserver batch.
 * TanStack Start's own (react-start-client 1.168.45, the latest) reads only the first record.
 * While a page still scrolls to `#contact` as it hydrates, one batch can hold two records for
 * the island, "not yet" then "now in view"; the island then never hydrates, since no further
 * record comes while it stays in view. On a busy machine that left the contact form a plain
 * form on about 3 in 100 loads of `/#contact`. This one hands the island to TanStack's own
 * strategy once it is near, as an element-less context, which hydrates at once.
 */
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
