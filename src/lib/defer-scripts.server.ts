import { EARLY_CLICK_TARGETS, HYDRATED_EVENT } from './early-clicks'

/** The landing pages are complete without JavaScript, which only adds behaviour (decision 014). */

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g
const ENTRY_SCRIPT = /<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc="([^"]+)")[^>]*>\s*<\/script>/g
const HREF = /\bhref="([^"]+)"/
const NONCE = /\bnonce="([^"]+)"/

/** Longest the scripts wait when the browser reports no paint (a tab opened in the background). */
export const SCRIPT_START_FALLBACK_MS = 3000

export function deferScriptsUntilPainted(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)]
  // Only the framework's own shape (one entry module) is rewritten; anything else is served as rendered.
  const entry = entries.length === 1 ? entries[0] : undefined
  const entrySrc = entry?.[1]
  const nonce = entry && NONCE.exec(entry[0])?.[1]
  if (!entry || !entrySrc || !nonce) return html
  const preloads = [...html.matchAll(MODULEPRELOAD)].flatMap((m) => HREF.exec(m[0])?.[1] ?? [])
  const loader = `<script nonce="${nonce}">${loaderSource(entrySrc, preloads)}</script>`
  return html.replace(MODULEPRELOAD, '').replace(entry[0], () => loader)
}

const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/** Runs where the entry script stood, while the page is parsed: */
function loaderSource(entry: string, preloads: string[]): string {
  return `(function(d,w){var n=d.currentScript.nonce,q=[],s=0;
function hold(e){var t=e.target.closest&&e.target.closest(${json(EARLY_CLICK_TARGETS)});if(t){e.preventDefault();e.stopPropagation();q.push(t)}}
d.addEventListener("click",hold,true);
d.addEventListener(${json(HYDRATED_EVENT)},function(){d.removeEventListener("click",hold,true);q.splice(0).forEach(function(t){t.click()})},{once:true});
function go(){if(s++)return;${json(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;d.head.appendChild(l)});var e=d.createElement("script");e.type="module";e.async=true;e.src=${json(entry)};e.nonce=n;d.head.appendChild(e)}
var P=w.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(go)});
setTimeout(go,${SCRIPT_START_FALLBACK_MS});d.currentScript.remove()})(document,window)`.replaceAll('\n', '')
}
