import { type ChunkedKeptVideo, deviceDb, type KeptPoster, type KeptVideo } from './device-db'

// The kept videos and posters as the service worker answers them (sw/kept-video.ts):
// looked up by their identities (media-identity.ts), any user's, because the bytes are
// already on this device (sign-out offers to remove them) and the worker does not know
// who is signed in. Undefined when nothing is kept or IndexedDB cannot be read: the
// network still can answer.

export async function findKeptVideo(identities: readonly string[]): Promise<KeptVideo | undefined> {
  try {
    return await deviceDb.keptVideos.where('videoUrl').anyOf(identities).first()
  } catch {
    return undefined
  }
}

/** One chunk of a kept video's bytes (docs/decisions/0241); undefined when missing. */
export async function readKeptChunk(video: ChunkedKeptVideo, index: number): Promise<ArrayBuffer | undefined> {
  return (await deviceDb.keptVideoChunks.get([video.uid, video.videoUrl, index]))?.bytes
}

/** A kept video's poster frame (docs/decisions/0165). */
export async function findKeptPoster(identities: readonly string[]): Promise<KeptPoster | undefined> {
  try {
    return await deviceDb.keptPosters.where('posterUrl').anyOf(identities).first()
  } catch {
    return undefined
  }
}
