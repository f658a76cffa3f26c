import { useEffect, useState } from 'react'
import type { SectionId } from './landing.sections'

/** A section counts as being read once its top has passed this line (just under the header). */
const READING_LINE_PX = 96

/** The menu section currently being read: the last one whose top has scrolled past the line under
 * the fixed header. At the very bottom of the page the last section wins (it may be too short to
 * reach the line). Server render and first client render both say the first section. */
export function useActiveSection(ids: readonly SectionId[]): SectionId {
  const [active, setActive] = useState<SectionId>(ids[0] ?? 'home')

  useEffect(() => {
    let frame = 0
    const measure = () => {
      frame = 0
      const last = ids[ids.length - 1]
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4
      if (atBottom && last) return setActive(last)
      let current = ids[0]
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top
        if (top !== undefined && top <= READING_LINE_PX) current = id
      }
      if (current) setActive(current)
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(measure)
    }
    // The first measurement waits until the frame after hydration has been laid out: reading
    // layout before that would force the whole page's layout inside the hydration's own work.
    let first = 0
    const afterFrame = window.requestAnimationFrame(() => {
      first = window.setTimeout(measure)
    })
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      window.cancelAnimationFrame(afterFrame)
      window.clearTimeout(first)
      window.cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
    }
  }, [ids])

  return active
}
