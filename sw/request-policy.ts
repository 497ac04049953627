// Which requests the service worker answers, and how. Pure functions, so the rules
// that keep the server's paths and anything authenticated away from the shell and
// from Cache Storage are unit-tested (request-policy.test.ts).
import type { Locale } from '@contract/locale'
import { pageFile, screenAt } from '@contract/screens'

/** What the policy reads from a request (a Request satisfies it). */
export type RequestFacts = Pick<Request, 'method' | 'mode' | 'headers'>

/**
 * Paths the server answers itself (architecture "The PWA"): the API, uploaded
 * media and the local checkout page. A navigation there must reach the network,
 * never get the app shell.
 */
const serverPaths = ['/api', '/media', '/checkout']

/** Landing samples and demo clips: public, immutable media cached at runtime. */
const sampleMediaPaths = ['/samples/', '/demo/']

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`)
}

/** A last path segment with an extension names a file (robots.txt, an icon), not a screen. */
function looksLikeFile(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return /\.[a-z0-9]+$/i.test(lastSegment)
}

/** Navigations that get the precached index.html, so every screen opens offline. */
export function servesShell(request: RequestFacts, url: URL, origin: string): boolean {
  if (request.mode !== 'navigate' || request.method !== 'GET') return false
  if (url.origin !== origin) return false
  if (serverPaths.some((base) => isUnder(url.pathname, base))) return false
  return !looksLikeFile(url.pathname)
}

/**
 * The build's page of the screen at `pathname` in a language (contract/screens.ts, as
 * the server finds it), or null for a path that is no screen. The worker answers from
 * it when it has precached it.
 */
export function screenPage(pathname: string, locale: Locale): string | null {
  const screen = screenAt(pathname)
  return screen === null ? null : `/${pageFile(screen, locale)}`
}

/**
 * Sample and demo media fetched by the page (not navigations: /demo is also a
 * screen). Anything carrying credentials stays out of Cache Storage (docs/quality.md).
 */
export function isSampleMedia(request: RequestFacts, url: URL, origin: string): boolean {
  if (request.method !== 'GET' || request.mode === 'navigate') return false
  if (url.origin !== origin || request.headers.has('Authorization')) return false
  if (isUnder(url.pathname, '/api')) return false
  return sampleMediaPaths.some((prefix) => url.pathname.startsWith(prefix))
}

/** Our own runtime caches from earlier versions: names with our prefix that this worker no longer uses. */
export function outdatedRuntimeCaches(cacheNames: readonly string[], current: readonly string[], prefix: string): string[] {
  return cacheNames.filter((name) => name.startsWith(prefix) && !current.includes(name))
}

const videoFile = /\.(mp4|m4v|mov|webm)$/i

/**
 * Requests that may be for a video kept on this device (docs/decisions/0170): uploaded
 * media on our server, or anything a <video> or download asks for that names a
 * video file. The worker looks these up in IndexedDB; nothing here is written
 * to Cache Storage. The API, credentialed requests and the cached samples are never looked up.
 */
export function mayBeKeptVideo(request: RequestFacts & Pick<Request, 'destination'>, url: URL, origin: string): boolean {
  if (request.method !== 'GET' || request.headers.has('Authorization')) return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  const ours = url.origin === origin
  if (ours && (isUnder(url.pathname, '/api') || sampleMediaPaths.some((prefix) => url.pathname.startsWith(prefix)))) return false
  if (ours && url.pathname.startsWith('/media/')) return true
  return request.destination === 'video' || videoFile.test(url.pathname)
}

/**
 * The videoUrl values a kept video may be stored under for this request: the
 * absolute URL, and for our own origin also the path the server may give
 * instead, and for our own media the link without its signature (the identity
 * a kept video is stored under, src/device/media-identity.ts), so a kept copy
 * answers whichever signed link asks, expired ones included.
 */
export function keptVideoKeys(url: URL, origin: string): string[] {
  const absolute = url.href
  if (url.origin !== origin) return [absolute]
  const keys = [absolute, `${url.pathname}${url.search}`]
  if (url.pathname.startsWith('/media/')) keys.push(`${url.origin}${url.pathname}`, url.pathname)
  return [...new Set(keys)]
}

/** The first shared entry that is an audio or video file (a share sheet may send other files or text). */
export function sharedMediaFile(entries: readonly (File | string)[]): File | null {
  for (const entry of entries) {
    if (typeof entry !== 'string' && /^(audio|video)\//.test(entry.type)) return entry
  }
  return null
}
