import { useEffect, useState } from 'react'
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

interface Held {
  /** Which tab page the view belongs to: another page's items never show while this one loads. */
  key: string
  view: GalleryView | null
  /** The query whose load has ended, if any: loading lasts until the current one has. */
  settled: string | null
}

/**
 * One view of one tab. The device's saved copy shows at once (offline it is all
 * there is), then the server's answer replaces it; coming back online loads again.
 */
export function useGalleryView(viewer: GalleryViewer | null, tab: GalleryTab, viewPage: number): GalleryViewState {
  const uid = viewer?.uid ?? null
  const userId = viewer?.userId ?? null
  const online = viewer?.online ?? false
  const key = `${uid ?? ''}|${tab}|${viewPage}`
  const request = `${key}|${userId ?? ''}|${String(online)}`
  const [held, setHeld] = useState<Held>({ key, view: null, settled: null })

  useEffect(() => {
    if (uid === null) return
    let current = true
    const query = { uid, userId, tab, viewPage, online }
    void readSavedView(query).then(
      (saved) => {
        if (!current || saved.kind !== 'saved') return
        setHeld((previous) => (previous.settled === request ? previous : { key, view: saved, settled: previous.key === key ? previous.settled : null }))
      },
      () => {},
    )
    // Online but the user record (its _id) not yet known: keep loading; the saved copy shows meanwhile.
    if (!online || userId !== null) {
      void loadGalleryView(query).then(
        (view) => current && setHeld({ key, view, settled: request }),
        () => current && setHeld({ key, view: { kind: 'failed' }, settled: request }),
      )
    }
    return () => {
      current = false
    }
  }, [key, request, uid, userId, tab, viewPage, online])

  if (uid === null) return { view: null, loading: false }
  return { view: held.key === key ? held.view : null, loading: held.settled !== request }
}
