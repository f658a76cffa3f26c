/** The optional outside opinion (docs/spam.md): Akismet's comment-check, asked only when AKISMET_API_KEY is set. */
import { LIMITS } from '~/lib/limits'

export interface AkismetConfig {
  key: string
  /** https://<key>.rest.akismet.com, or a stand-in in tests. */
  url: string
  /** The site the key is registered for (SITE_URL). */
  site: string
}

export interface OutsideQuestion {
  name: string
  email: string
  message: string
  ip: string
  userAgent: string
}

/** 'spam' or 'ham' as Akismet said it; null when it did not say in time. */
export type OutsideVerdict = 'spam' | 'ham' | null

export async function askAkismet(config: AkismetConfig, question: OutsideQuestion): Promise<OutsideVerdict> {
  const body = new URLSearchParams({
    api_key: config.key,
    blog: config.site,
    user_ip: question.ip,
    user_agent: question.userAgent,
    comment_type: 'contact-form',
    comment_author: question.name,
    comment_author_email: question.email,
    comment_content: question.message,
    blog_charset: 'UTF-8',
  })
  try {
    const response = await fetch(`${config.url}/1.1/comment-check`, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(LIMITS.spam.outsideTimeoutMs),
    })
    if (!response.ok) return null
    const answer = (await response.text()).trim()
    return answer === 'true' ? 'spam' : answer === 'false' ? 'ham' : null
  } catch {
    // Timed out, refused, unreachable: our own layers decide.
    return null
  }
}
