import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { AUDIO_URL_TYPES, IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, VIDEO_UPLOAD_TYPES } from '../../contract/constants.ts'
import { fetchRemoteToFile } from '../media/fetch-remote.ts'
import type { RemoteFetcher } from '../providers/provider.ts'

// How the providers read an input given by URL (./core.ts): the media's
// SSRF-safe fetcher under the rules of spec §5, into a folder of its own that
// goes when the provider is done with it.

/** spec §5 URL rules per input kind; downloads go through the SSRF-safe fetcher (docs/quality.md). */
const REMOTE_INPUT_RULES = {
  audio: { maxBytes: MAX_UPLOAD_BYTES, types: AUDIO_URL_TYPES },
  video: { maxBytes: MAX_VIDEO_UPLOAD_BYTES, types: VIDEO_UPLOAD_TYPES },
  image: { maxBytes: MAX_UPLOAD_BYTES, types: IMAGE_UPLOAD_TYPES },
} as const
const REMOTE_FETCH_TIMEOUT_MS = 60_000

/** Input URLs a provider must read (SSRF-safe, capped), downloaded under `dir`. */
export function remoteFetcherInto(dir: string): RemoteFetcher {
  return async (url, kind, signal) => {
    const folder = await mkdtemp(path.join(dir, 'fetch-'))
    const cleanup = () => rm(folder, { recursive: true, force: true })
    try {
      const rules = REMOTE_INPUT_RULES[kind]
      const file = await fetchRemoteToFile(url, {
        maxBytes: rules.maxBytes,
        allowedContentTypes: rules.types,
        timeoutMs: REMOTE_FETCH_TIMEOUT_MS,
        dir: folder,
        kind,
        signal,
      })
      return { file: file.path, cleanup }
    } catch (error) {
      await cleanup()
      throw error
    }
  }
}
