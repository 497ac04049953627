import type { UploadResult } from '../../contract/media.ts'
import type { UploadableMediaType } from './media-types.ts'

// The hosted media service's answer shape (spec §7: the client reads
// secure_url, here a signed link), for an upload, an audio loaded by URL and
// a voice made from a script alike (contract/voice.ts): the app treats all
// three as one kind of audio card.

export interface AnsweredObject {
  key: string
  bytes: number
  type: UploadableMediaType
  createdAt?: string
}

export function uploadAnswer(saved: AnsweredObject, url: string, duration: number | undefined): UploadResult {
  const { type } = saved
  return {
    secure_url: url,
    url,
    public_id: saved.key.slice(0, saved.key.lastIndexOf('.')),
    bytes: saved.bytes,
    resource_type: type.kind === 'image' ? 'image' : 'video',
    format: type.ext,
    kind: type.kind,
    ...(duration === undefined ? {} : { duration }),
    created_at: saved.createdAt ?? new Date().toISOString(),
  }
}
