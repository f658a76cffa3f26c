import { useEffect, useState } from 'react'
import type { SectionId } from './landing.sections'

/**
 * The menu section currently being read: the first one crossing a band just below the fixed
 * header. At the very bottom of the page the last section wins (it may be too short to reach
 * the band). Server render and first client render both say the first section.
 */
export function useActiveSection(ids: readonly SectionId[]): SectionId {
  const [active, setActive] = useState<SectionId>(ids[0] ?? 'home')

  useEffect(() => {
    const elements = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return
    const inBand = new Set<string>()

    const update = () => {
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4
      const last = ids[ids.length - 1]
      if (atBottom && last) return setActive(last)
      const first = ids.find((id) => inBand.has(id))
      if (first) setActive(first)
    }

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inBand.add(entry.target.id)
          else inBand.delete(entry.target.id)
        }
        update()
      },
      // A band from just under the 4 rem header down to 40 % of the viewport.
      { rootMargin: '-72px 0px -60% 0px' },
    )
    elements.forEach((el) => observer.observe(el))
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      observer.disconnect()
      window.removeEventListener('scroll', update)
    }
  }, [ids])

  return active
}
