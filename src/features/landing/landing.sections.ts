import { m } from '~/paraglide/messages'

/** The page's sections in menu order (docs/product.md#landing-page); each id is also the section's anchor. */
export const NAV_SECTIONS = [
  { id: 'home', label: () => m.nav_home() },
  { id: 'about', label: () => m.nav_about() },
  { id: 'services', label: () => m.nav_services() },
  { id: 'industries', label: () => m.nav_industries() },
  { id: 'products', label: () => m.nav_products() },
  { id: 'contact', label: () => m.nav_contact() },
] as const

export type SectionId = (typeof NAV_SECTIONS)[number]['id']
