// Public surface for the site's other public pages (the legal pages): the landing page's
// header and footer, so every public page is framed alike. Imported by path, not through
// index.ts, to keep the landing page's data code out of those pages' chunks.
export { SiteFooter } from './components/site-footer'
export { SiteHeader, SkipLink } from './components/site-header'
