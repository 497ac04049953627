import { useLingui } from '@lingui/react/macro'
import { Tabs } from 'radix-ui'
import { lazy, Suspense, useEffect, useState } from 'react'
import { removeKeptVideo } from '@/device/kept-videos'
import { useKeptVideos } from '@/device/use-kept-videos'
import { StorageUsed } from '@/app/device/storage-used'
import { useSessionActions } from '@/session/session'
import type { GalleryItem } from './gallery-item'
import { GalleryPanel } from './gallery-panel'
import { GALLERY_TABS, type GalleryTab } from './gallery-tabs'
import { CredentialError } from './credential-error'
import { OfflineNotice } from './offline-notice'
import { useGalleryCredential } from './use-credential'
import { type GalleryViewState, useGalleryView } from './use-gallery-view'
import { useOnline } from './use-online'

// The preview (a Radix dialog, the download) loads when a card is opened, not before the first card shows.
const VideoPreview = lazy(() => import('./video-preview').then((module) => ({ default: module.VideoPreview })))

const FIRST_PAGES: Record<GalleryTab, number> = { ugc: 1, lipsync: 1, minmax: 1 }

function totalOf(state: GalleryViewState): number | null {
  const { view } = state
  return view?.kind === 'fresh' || view?.kind === 'saved' ? view.total : null
}

/** The signed-in gallery (spec §2, §4): three tabs, each with its own page, loading flag and count. */
export function GalleryCollections({ uid, userId, recordFailed = false }: { uid: string; userId: string | null; recordFailed?: boolean }) {
  const { t } = useLingui()
  const { refreshUser } = useSessionActions()
  const browserOnline = useOnline()
  const credential = useGalleryCredential({ online: browserOnline, hasRecord: userId !== null, recordFailed })
  // Without the user record the server cannot be asked: the saved copy is all there is.
  const online = browserOnline && !recordFailed && !credential.missing
  const [active, setActive] = useState<GalleryTab>('ugc')
  const [pages, setPages] = useState(FIRST_PAGES)
  const [preview, setPreview] = useState<GalleryItem | null>(null)
  const viewer = { uid, userId, online }
  const states: Record<GalleryTab, GalleryViewState> = {
    ugc: useGalleryView(viewer, 'ugc', pages.ugc),
    lipsync: useGalleryView(viewer, 'lipsync', pages.lipsync),
    minmax: useGalleryView(viewer, 'minmax', pages.minmax),
  }
  const kept = useKeptVideos(uid)

  // Signed in while offline, the user record (whose _id the calls need) never arrived: ask again.
  useEffect(() => {
    if (online && userId === null) refreshUser()
  }, [online, userId, refreshUser])

  const labels: Record<GalleryTab, string> = { ugc: t`UGC video`, lipsync: t`Lip sync`, minmax: t`Consistent avatar` }
  const activeView = states[active].view
  // With the credential missing, its own message stands in for "nothing saved here" (a saved copy still says it is one).
  const showingSaved = activeView?.kind === 'saved' || (!credential.missing && (activeView?.kind === 'not-saved' || !online))

  const removeFromDevice = (item: GalleryItem) => (item.videoUrl === null ? Promise.resolve() : removeKeptVideo(uid, item.videoUrl))
  const previewKept = preview?.videoUrl ? kept.urls.has(preview.videoUrl) : false

  const selectTab = (value: string) => {
    const tab = GALLERY_TABS.find((id) => id === value)
    if (tab === undefined) return
    setActive(tab)
    // spec §4: switching resets the local page to 1.
    setPages((previous) => ({ ...previous, [tab]: 1 }))
  }

  return (
    <>
      {credential.missing && <CredentialError onRetry={credential.retry} />}
      {showingSaved && <OfflineNotice online={browserOnline} fetchedAt={activeView?.kind === 'saved' ? activeView.fetchedAt : null} />}
      <Tabs.Root value={active} onValueChange={selectTab}>
        <Tabs.List className="gallery__tabs" aria-label={t`Collections`}>
          {GALLERY_TABS.map((tab) => {
            const total = totalOf(states[tab])
            return (
              <Tabs.Trigger key={tab} value={tab} className="gallery__tab">
                {labels[tab]}
                {total !== null && (
                  <>
                    {' '}
                    <span className="gallery__count">{total}</span>
                  </>
                )}
              </Tabs.Trigger>
            )
          })}
        </Tabs.List>
        {GALLERY_TABS.map((tab) => (
          <Tabs.Content key={tab} value={tab} className="gallery__panel" aria-busy={states[tab].loading}>
            <GalleryPanel
              tab={tab}
              state={states[tab]}
              page={pages[tab]}
              onPage={(page) => setPages((previous) => ({ ...previous, [tab]: page }))}
              keptUrls={kept.urls}
              online={online}
              credentialMissing={credential.missing}
              onOpen={setPreview}
              onRemove={removeFromDevice}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {kept.urls.size > 0 && <StorageUsed uid={uid} />}
      {preview !== null && (
        <Suspense fallback={null}>
          <VideoPreview
            item={preview}
            uid={uid}
            playable={online || previewKept}
            kept={previewKept}
            online={online}
            onRemove={removeFromDevice}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      )}
    </>
  )
}
