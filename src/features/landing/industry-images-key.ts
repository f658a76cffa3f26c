/** The browser-stored map of industry pictures (docs/product.md#industries; industry-images.ts). */
export const INDUSTRY_IMAGES_STORAGE_KEY = 'industry-images'
