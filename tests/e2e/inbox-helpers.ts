import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import { openPage } from './helpers'

/**
 * The inbox specs' helpers. Each test seeds its own messages through the public contact form
 * (one client address per message, so the per-IP limit never trips) with a marker word of its
 * own, and searches for that marker: tests stay independent of each other and of the demo data.
 */

const RUN = Date.now().toString(36)
let seq = 0
/** A fresh word that matches only the messages of one test. */
export function marker(): string {
  return `m${RUN}x${(seq++).toString(36)}`
}

let ipCounter = 0
/** 198.18.0.0/15 is reserved for benchmarks: never a real visitor. */
function nextIp(): string {
  ipCounter++
  const salt = Number.parseInt(RUN.slice(-2), 36) % 200
  return `198.${18 + (ipCounter >> 16)}.${(salt + (ipCounter >> 8)) % 256}.${ipCounter & 255}`
}

export interface Seed {
  name: string
  email?: string
  message: string
}

/**
 * Posts each message through the contact form's no-JavaScript endpoint, as a visitor would: the
 * landing page first, for the form's address and the fresh time stamp each page carries (the spam
 * filter weighs a post without one; the browser suite's server lowers the trap to 0 s).
 */
export async function seed(request: APIRequestContext, baseURL: string, messages: Seed[]): Promise<void> {
  for (const msg of messages) {
    const html = await (await request.get('/')).text()
    const formAction = html.match(/<form[^>]*action="([^"]*_serverFn[^"]*)"/)?.[1]?.replaceAll('&amp;', '&')
    expect(formAction, 'the contact form posts to a server function').toBeTruthy()
    const stamp = html.match(/<input[^>]*name="stamp"[^>]*value="([^"]+)"|<input[^>]*value="([^"]+)"[^>]*name="stamp"/)
    expect(stamp, 'the contact form carries a time stamp').toBeTruthy()
    const response = await request.post(formAction!, {
      multipart: {
        name: msg.name,
        email: msg.email ?? 'visitor@example.com',
        message: msg.message,
        website: '',
        stamp: (stamp![1] ?? stamp![2])!.replaceAll('&amp;', '&'),
        locale: 'tr',
      },
      headers: { 'x-forwarded-for': nextIp(), origin: baseURL },
      maxRedirects: 0,
    })
    expect(response.status(), await response.text()).toBe(303)
    expect(response.headers().location).toContain('contact=sent')
  }
}

export const rows = (page: Page) => page.getByTestId('message-row')
export const row = (page: Page, name: string) => rows(page).filter({ hasText: name })
export const detail = (page: Page) => page.getByTestId('message-detail')
export const searchBox = (page: Page) => page.getByPlaceholder('İsim, e-posta veya mesaj içeriğinde ara...')
export const badgeIn = (scope: Locator) => scope.getByTestId('status-badge').filter({ visible: true })

/** Ark UI draws the box over its (visually hidden) input; `force` clicks the box where a person would. */
export async function tick(box: Locator) {
  await box.check({ force: true })
}

export async function expectToast(page: Page, title: string) {
  await expect(page.getByTestId('toast').filter({ hasText: title }).last()).toBeVisible()
}

/** Opens the inbox on a search for `q` and waits for its rows. */
export async function openSearch(page: Page, q: string, extra = '') {
  await openPage(page, `/admin/messages?q=${encodeURIComponent(q)}${extra}`)
  await expect(searchBox(page)).toHaveValue(q)
}
