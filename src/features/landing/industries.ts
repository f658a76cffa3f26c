export const INDUSTRY_KEYS = ['real-estate', 'retail', 'finance', 'manufacturing', 'logistics', 'fmcg'] as const
export type IndustryKey = (typeof INDUSTRY_KEYS)[number]

/** The built-in images, shipped in public/images/industries at this intrinsic size. */
export const INDUSTRY_IMAGE_SIZE = { width: 640, height: 400 } as const
export const INDUSTRY_IMAGE_CLASS = 'aspect-[8/5] w-full bg-slate-100 object-cover'

/** The built-in picture of one of the specification's six industries; null for one staff added. */
export function builtInIndustryImage(id: string): string | null {
  return (INDUSTRY_KEYS as readonly string[]).includes(id) ? `/images/industries/${id}.svg` : null
}
