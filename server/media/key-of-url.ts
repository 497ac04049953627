import { MEDIA_PATH_PREFIX, parseMediaKey } from './keys.ts'

// Which stored object a URL from a client names, whatever host it is spelled
// with (docs/decisions/0269). Our origin has many spellings (localhost,
// 127.0.0.1, [::1], 2130706433, a trailing dot, upper case, the default port,
// the address behind a proxy), so ownership is never decided by comparing
// hosts: the path is normalised and its key, when it is one, is looked up in
// the media catalogue.

/** The media key a URL's path names (`/media/<key>`, percent-decoded, repeated slashes collapsed, any case); null for anything else. */
export function mediaKeyOfUrl(url: string): string | null {
  let pathname: string
  try {
    // A base for bare references (`/media/<key>`); absolute URLs ignore it.
    pathname = decodeURIComponent(new URL(url, 'http://reference.invalid').pathname)
  } catch {
    return null
  }
  const path = pathname.replace(/\/{2,}/g, '/').toLowerCase()
  if (!path.startsWith(MEDIA_PATH_PREFIX)) return null
  return parseMediaKey(path.slice(MEDIA_PATH_PREFIX.length))?.key ?? null
}
