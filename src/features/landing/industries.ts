import { m } from '~/paraglide/messages'

export const INDUSTRY_KEYS = ['real-estate', 'retail', 'finance', 'manufacturing', 'logistics', 'fmcg'] as const
export type IndustryKey = (typeof INDUSTRY_KEYS)[number]

/** The built-in images, shipped in public/images/industries at this intrinsic size. */
export const INDUSTRY_IMAGE_SIZE = { width: 640, height: 400 } as const

export interface Industry {
  key: IndustryKey
  image: string
  name: () => string
  description: () => string
}

const ITEMS: readonly Omit<Industry, 'image'>[] = [
  { key: 'real-estate', name: () => m.industries_real_estate_name(), description: () => m.industries_real_estate_description() },
  { key: 'retail', name: () => m.industries_retail_name(), description: () => m.industries_retail_description() },
  { key: 'finance', name: () => m.industries_finance_name(), description: () => m.industries_finance_description() },
  {
    key: 'manufacturing',
    name: () => m.industries_manufacturing_name(),
    description: () => m.industries_manufacturing_description(),
  },
  { key: 'logistics', name: () => m.industries_logistics_name(), description: () => m.industries_logistics_description() },
  { key: 'fmcg', name: () => m.industries_fmcg_name(), description: () => m.industries_fmcg_description() },
]

export const INDUSTRIES: readonly Industry[] = ITEMS.map((item) => ({ ...item, image: `/images/industries/${item.key}.svg` }))
