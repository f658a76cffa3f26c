// Public surface of the banners feature, used by the admin routes.
export { BannerManagerButton } from './components/banner-manager-button'
