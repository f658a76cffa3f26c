/** Where the page-view beacon goes: the browser's hook and the server's fast path (src/server.ts) name it. */
export const VISIT_BEACON_PATH = '/api/visit'
