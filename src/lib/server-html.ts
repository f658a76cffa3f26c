/** Props that keep an element's server-rendered content in the browser: React neither hydrates nor
 * renders it again, so its code stays on the server (decision 013). One shared object: a new
 * `__html` object on a later render would empty the element. */
export const KEEP_SERVER_HTML = { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true } as const
