/** Where the page-view beacon goes: the browser's hook, the route and the body limit name it. */
export const VISIT_BEACON_PATH = '/api/visit'
