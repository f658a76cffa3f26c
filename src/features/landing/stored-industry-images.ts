import { INDUSTRY_IMAGE_CLASS, INDUSTRY_IMAGE_SIZE } from './industries'
import { INDUSTRY_IMAGES_STORAGE_KEY, parseIndustryImages } from './industry-images'

function readStored(): string | null {
  try {
    return window.localStorage.getItem(INDUSTRY_IMAGES_STORAGE_KEY)
  } catch {
    return null
  }
}

/**
 * The browser-stored `industry-images` map over the pictures the server rendered: a usable stored
 * image replaces a card's picture, and one that fails to load gives the card its own picture back.
 * Follows changes made in other tabs until `signal` ends.
 */
export function showStoredIndustryImages(signal: AbortSignal): void {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-industry]')]
  const own = new Map(cards.map((card) => [card, card.firstElementChild]))
  const failed = new Set<string>()
  const apply = () => {
    const stored = parseIndustryImages(
      readStored(),
      cards.map((card) => card.dataset.industry ?? ''),
    )
    for (const card of cards) {
      const id = card.dataset.industry ?? ''
      const url = failed.has(id) ? undefined : stored[id]
      const shown = card.firstElementChild
      const picture = own.get(card)
      if (!(shown && picture)) continue
      if (!url) {
        if (shown !== picture) shown.replaceWith(picture)
      } else if (shown === picture || shown.getAttribute('src') !== url) {
        shown.replaceWith(
          storedImage(url, () => {
            failed.add(id)
            apply()
          }),
        )
      }
    }
  }
  apply()
  window.addEventListener('storage', apply, { signal })
}

/** The stored image as the built-in one is shown: sized, lazy, decorative. */
function storedImage(url: string, onError: () => void): HTMLImageElement {
  const img = document.createElement('img')
  img.alt = ''
  img.width = INDUSTRY_IMAGE_SIZE.width
  img.height = INDUSTRY_IMAGE_SIZE.height
  img.loading = 'lazy'
  img.decoding = 'async'
  img.className = INDUSTRY_IMAGE_CLASS
  img.addEventListener('error', onError, { once: true })
  img.src = url
  return img
}
