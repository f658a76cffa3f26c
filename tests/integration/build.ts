/** Where the integration tests' production build lives, and the canaries it is built with. */
export const INTEGRATION_OUTPUT_DIR = '.output-int'

/**
 * Server secrets present in the environment while building: none may appear in the
 * client assets (they must only ever be read at run time, on the server).
 */
export const BUILD_CANARIES = {
  SUPABASE_SERVICE_ROLE_KEY: 'canary-service-role-7f3a9c',
  SUPABASE_ANON_KEY: 'canary-anon-2b8e4d',
  SUPABASE_URL: 'https://canary-project.supabase.co',
}
