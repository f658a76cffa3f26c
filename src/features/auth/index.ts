// Public surface of the auth feature, used by the admin routes.
export { requireAdmin } from './require-admin'
