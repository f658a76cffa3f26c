// Public surface of the auth feature, used by the admin routes.
export { requireAdmin } from './require-admin'
export { SignOutButton } from './components/sign-out-button'
export { LoginPage } from './components/login-page'
export { getAdminSession, sendLoginCode, signOut, verifyLoginCode, type AdminSession } from './auth.functions'
export { ADMIN_HOME, LoginSearchSchema, safeAdminRedirect } from './auth.schemas'
