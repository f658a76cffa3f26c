/** Width and padding shared by every section's content. */
export const CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8'
export const SECTION_SPACING = 'py-20 sm:py-24'
/** The centred title block every section starts with (components/section-heading.tsx). */
export const HEADING_CLASS = 'mx-auto max-w-3xl text-center'
