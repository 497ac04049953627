import { type QueryFunctionContext, skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { galleryKey } from '@/api/server-state'
import type { GalleryTab } from './gallery-tabs'
import { type GalleryView, type GalleryViewQuery, loadGalleryView, readSavedView } from './load-gallery-view'

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

// One query per view (docs/decisions/0312), and one copy on the device: the saved
// pages (src/device/gallery-pages.ts), which every answer of the server rewrites
// (load-gallery-view.ts). The query reads them while it asks the server, so they show
// at once, and offline they are all there is; the server's answer replaces them.

/** One view of a user's tab; invalidating galleryKey(uid) reloads them all. */
export const galleryViewKey = (uid: string, tab: GalleryTab, viewPage: number) => [...galleryKey(uid), tab, viewPage] as const

/** Where a view comes from now: the device alone (offline), the server (the device's copy showing meanwhile), or the device while the user record's _id is on its way. */
type Source = 'device' | 'server' | 'waiting'

/** The server's view when it can be asked (which falls back to the device's copy when it cannot be reached), the copy showing meanwhile; else the copy. */
async function loadView(query: GalleryViewQuery, { client, queryKey }: QueryFunctionContext): Promise<GalleryView> {
  if (!query.online || query.userId === null) return readSavedView(query)
  let answered = false
  const server = loadGalleryView(query).finally(() => (answered = true))
  // An unreadable device costs only the stand-in.
  const saved = await readSavedView(query).catch(() => null)
  // Nothing shown yet and the server still on its way: the saved copy stands in (never over a view already shown).
  if (!answered && saved?.kind === 'saved' && client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, saved)
  return server
}

/** While the server is asked, "not saved here" would claim too much: only a view worth showing stays. */
const whileAsking = (view: GalleryView | null): GalleryView | null => (view?.kind === 'not-saved' ? null : view)
/** Only a saved copy stands in while the user record is on its way. */
const standIn = (view: GalleryView | null): GalleryView | null => (view?.kind === 'saved' ? view : null)

/**
 * One view of one tab. The device's saved copy shows at once (offline it is all
 * there is), then the server's answer replaces it; coming back online loads again.
 */
export function useGalleryView(viewer: GalleryViewer | null, tab: GalleryTab, viewPage: number): GalleryViewState {
  const uid = viewer?.uid ?? null
  const userId = viewer?.userId ?? null
  const online = viewer?.online ?? false
  // The server needs the user record's _id (spec §7 userId), which follows from the uid in the key.
  const source: Source = !online ? 'device' : userId === null ? 'waiting' : 'server'

  const queryKey = galleryViewKey(uid ?? '', tab, viewPage)
  const query = useQuery({
    queryKey,
    queryFn: uid === null ? skipToken : (context) => loadView({ uid, userId, tab, viewPage, online }, context),
  })

  // The source changed (offline, back online, the record's _id arrived): the view loads again from where
  // it now comes. A load from the old source still on its way is dropped first, or the new one would join it.
  const client = useQueryClient()
  const { refetch } = query
  const loadedFrom = useRef(source)
  useEffect(() => {
    if (loadedFrom.current === source) return
    loadedFrom.current = source
    if (uid !== null) void client.cancelQueries({ queryKey: galleryViewKey(uid, tab, viewPage), exact: true }).then(() => refetch())
  }, [source, uid, tab, viewPage, client, refetch])

  const data = query.data ?? null
  if (uid === null) return { view: null, loading: false }
  if (source === 'server') return { view: query.isFetching ? whileAsking(data) : data, loading: query.isFetching || query.isPending }
  // Online, the user record (its _id) not yet known: keep loading; the saved copy shows meanwhile.
  if (source === 'waiting') return { view: standIn(data), loading: true }
  return { view: data, loading: query.isPending }
}
