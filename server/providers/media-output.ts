import type { MediaStore } from '../media/store.ts'
import type { OutputStore } from './provider.ts'

/** The media store (server/media/store.ts) as the providers see it: finished MP4s in, URLs out. */
export function outputStoreFrom(store: MediaStore): OutputStore {
  return {
    async saveVideo(file) {
      const saved = await store.save(file, { kind: 'video', contentType: 'video/mp4', ext: 'mp4' })
      return saved.url
    },
    async localFileFor(url) {
      return store.resolveOwnUrl(url)
    },
  }
}
