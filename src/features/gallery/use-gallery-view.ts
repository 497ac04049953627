import { skipToken, useQuery } from '@tanstack/react-query'
import { galleryKey } from '@/api/server-state'
import type { GalleryTab } from './gallery-tabs'
import { type GalleryView, loadGalleryView, readSavedView } from './load-gallery-view'

export interface GalleryViewState {
  /** The view shown: saved on the device while the server's is on its way, then the server's. */
  view: GalleryView | null
  /** spec §4: each tab has its own loading flag. */
  loading: boolean
}

export interface GalleryViewer {
  uid: string
  userId: string | null
  online: boolean
}

// Two queries per view (docs/decisions/0300). The server's: what the last attempt to reach
// it showed (fresh, the saved copy when it could not be reached, or its refusal), each page
// it answers written to the device (gallery-cache.ts). The device's: the saved copy, read
// from IndexedDB, shown at once while the server's is on its way, and all there is offline.

/** One view of a user's tab; invalidating galleryKey(uid) reloads them all. */
export const galleryViewKey = (uid: string, tab: GalleryTab, viewPage: number) => [...galleryKey(uid), tab, viewPage] as const
const savedViewKey = (uid: string, tab: GalleryTab, viewPage: number) => [...galleryViewKey(uid, tab, viewPage), 'saved'] as const

/** Only a saved copy stands in while the server is asked: "not saved here" would claim too much. */
const standIn = (saved: GalleryView | undefined): GalleryView | null => (saved?.kind === 'saved' ? saved : null)

/**
 * One view of one tab. The device's saved copy shows at once (offline it is all
 * there is), then the server's answer replaces it; coming back online loads again.
 */
export function useGalleryView(viewer: GalleryViewer | null, tab: GalleryTab, viewPage: number): GalleryViewState {
  const uid = viewer?.uid ?? null
  const userId = viewer?.userId ?? null
  const online = viewer?.online ?? false
  // The server needs the user record's _id (spec §7 userId), which follows from the uid in the key.
  const askServer = uid !== null && online && userId !== null

  const saved = useQuery({
    queryKey: savedViewKey(uid ?? '', tab, viewPage),
    queryFn: uid === null ? skipToken : () => readSavedView({ uid, tab, viewPage }),
    // Changed only by the server's answers, which write it here themselves.
    staleTime: Infinity,
  })
  const server = useQuery({
    queryKey: galleryViewKey(uid ?? '', tab, viewPage),
    queryFn: !askServer
      ? skipToken
      : async ({ client }) => {
          const view = await loadGalleryView({ uid, userId, tab, viewPage, online: true })
          if (view.kind === 'fresh')
            client.setQueryData(savedViewKey(uid, tab, viewPage), { kind: 'saved', items: view.items, total: view.total, fetchedAt: Date.now() })
          return view
        },
  })

  if (uid === null) return { view: null, loading: false }
  if (askServer) return { view: server.data ?? standIn(saved.data), loading: server.isFetching || server.isPending }
  // Online, the user record (its _id) not yet known: keep loading; the saved copy shows meanwhile.
  if (online) return { view: standIn(saved.data), loading: true }
  return { view: saved.data ?? null, loading: saved.isPending }
}
