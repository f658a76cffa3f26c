// Paraglide's runtime imports a URLPattern polyfill unconditionally (~5 KB gzipped). Browsers
// that have URLPattern (and Node) skip it; older ones load it before the runtime runs.
if (!('URLPattern' in globalThis)) await import('urlpattern-polyfill')

export {}
