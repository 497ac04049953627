import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { CaptionFiles } from '../../contract/captions.ts'
import type { StatusResponse } from '../../contract/generations.ts'
import type { GalleryResponse } from '../../contract/gallery.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { mediaOwner } from '../media/catalog.ts'
import { mediaKeyOfUrl } from '../media/key-of-url.ts'
import { mediaRef } from '../media/keys.ts'
import type { MediaLinks } from '../media/links.ts'

// Media in the generation calls (docs/decisions/0221): a start's media URL of
// our own store must name one of the caller's files and is kept in the job as
// its reference, whatever its signature says (a gallery link may have expired
// by the time the user picks it for lip sync); answers carry freshly signed links.
// "Of our own store" is decided by the key the normalised path names, never by
// the host it is spelled with (docs/decisions/0269).

export interface GenerationMedia {
  /** The input as the job keeps it: our own file (the caller's, else 403) as `/media/<key>`, an outside URL unchanged. */
  inputRef(c: Context<AppEnv>, url: string, field: string): Promise<string>
  status(answer: StatusResponse): StatusResponse
  gallery(page: GalleryResponse): GalleryResponse
}

export function createGenerationMedia(deps: { db: Kysely<Database>; links: MediaLinks }): GenerationMedia {
  const { links } = deps
  const captionLinks = (files: CaptionFiles): CaptionFiles => ({ vtt: links.forClient(files.vtt), srt: links.forClient(files.srt) })
  return {
    async inputRef(c, url, field) {
      const key = mediaKeyOfUrl(url)
      if (key === null) return url
      const owner = await mediaOwner(deps.db, key)
      if (owner === c.var.user.id) return mediaRef(key)
      // Another user's object, or one of ours that no longer exists, under any spelling of our origin.
      if (owner !== null || links.keyOfOwnUrl(url, [new URL(c.req.url).origin]) !== null) {
        throw new ApiError(403, 'forbidden', `${field}: this file is not yours`)
      }
      // A /media/… path on someone else's site that names nothing of ours: an outside URL like any other.
      return url
    },
    status: (answer) => ({
      ...answer,
      outputUrl: links.forClient(answer.outputUrl),
      ...(answer.thumbnailUrl === undefined ? {} : { thumbnailUrl: links.forClient(answer.thumbnailUrl) }),
      ...(answer.captions === undefined ? {} : { captions: captionLinks(answer.captions) }),
    }),
    gallery: (page) => ({
      ...page,
      generations: page.generations.map((record) => ({
        ...record,
        outputUrl: links.forClient(record.outputUrl),
        thumbnail_url: links.forClient(record.thumbnail_url),
        captions: record.captions === null || record.captions === undefined ? null : captionLinks(record.captions),
      })),
    }),
  }
}
