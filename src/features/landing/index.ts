// Public surface of the landing feature, used by the route.
export { LandingPage } from './components/landing-page'
export { landingHead } from './landing.head'
export { landingPageQueryOptions } from './landing.queries'
