import { definePlugin } from 'nitro'
import { describeMail, describeMode, EnvError, serverEnv } from '../lib/env.server'
import { log } from '../lib/log.server'

/** Validates the environment when the server starts, not at the first request: a partial
 * configuration stops the process with a message naming what is missing. */
export default definePlugin(() => {
  try {
    const env = serverEnv()
    const backend = describeMode(env)
    const address =
      env.proxyHops > 0 ? `X-Forwarded-For behind ${env.proxyHops} prox${env.proxyHops === 1 ? 'y' : 'ies'}` : 'socket'
    log().info(
      `config: backend: ${backend}; mail: ${describeMail(env)}; secure cookies: ${env.secureCookies ? 'on' : 'off'}; client address: ${address}`,
    )
    if (env.nodeEnv === 'production' && !env.siteUrl) {
      log().warn(
        "config: SITE_URL is not set: canonical, hreflang and og: links name each request's own Host, and the landing " +
          'pages are cached per origin (a few at most). Set SITE_URL to the public origin, e.g. https://www.example.com.',
      )
    }
    if (env.mail && !env.siteUrl) {
      log().warn(
        'config: SMTP_URL is set without SITE_URL: new-message e-mails link to the message only when the contact form ' +
          "was sent to localhost (a Host header is the sender's to choose). Set SITE_URL to the public origin.",
      )
    }
  } catch (error) {
    if (error instanceof EnvError) {
      // Plain text on stderr: the process exits at once, before an asynchronous log would be written.
      console.error(`[config] ${error.message}`)
      process.exit(1)
    }
    throw error
  }
})
