import { useEffect } from 'react'
import { INDUSTRY_IMAGES_STORAGE_KEY } from './industry-images-key'

/**
 * The industries section never hydrates (decision 013); right after the page has, the browser-stored
 * `industry-images` map replaces its pictures (stored-industry-images.ts). That code is fetched only
 * when the map is there, or once another tab stores it.
 */
export function useStoredIndustryImages(): void {
  useEffect(() => {
    const lifetime = new AbortController()
    const { signal } = lifetime
    let started = false
    const start = () => {
      if (started) return
      started = true
      void import('./stored-industry-images').then(({ showStoredIndustryImages }) => {
        if (!signal.aborted) showStoredIndustryImages(signal)
      })
    }
    try {
      if (window.localStorage.getItem(INDUSTRY_IMAGES_STORAGE_KEY) !== null) start()
    } catch {
      // Storage the browser refuses holds no map.
    }
    window.addEventListener('storage', (event) => event.key === INDUSTRY_IMAGES_STORAGE_KEY && start(), { signal })
    return () => lifetime.abort()
  }, [])
}
