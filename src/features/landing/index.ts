// Public surface of the landing feature for the route's loader and head. The page component is
// imported by path (components/landing-page) so route code-splitting keeps it out of the shared
// route tree that every page loads.
export { landingRouteHead } from './landing.head'
export { loadLandingPage } from './landing.loader'
