// A stored video's identity on this device. The server answers media as
// signed links that change with their expiry (`/media/<key>?exp=…&sig=…`,
// docs/decisions/0221), so a kept video is recorded under the link without its
// signature: the same video whichever link the gallery gave this time, and the
// form older kept rows already have. Other URLs are their own identity.

const MEDIA_PATH = '/media/'

export function mediaIdentity(url: string, origin: string = globalThis.location.origin): string {
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return url
  }
  return parsed.origin === origin && parsed.pathname.startsWith(MEDIA_PATH) ? `${parsed.origin}${parsed.pathname}` : url
}

/** A set of kept video identities that answers `has()` for any link to the same video. */
export class KeptVideoUrls extends Set<string> {
  override has(url: string): boolean {
    return super.has(mediaIdentity(url))
  }
}

/** What a user keeps on this device, as the screens show it (use-kept-videos.ts). */
export interface KeptVideosOnDevice {
  /** The videos kept, to mark cards and offer removal: `has()` takes any link to a kept video. */
  urls: ReadonlySet<string>
  /** Their bytes together. */
  bytes: number
}

export const NOTHING_KEPT: KeptVideosOnDevice = { urls: new KeptVideoUrls(), bytes: 0 }
