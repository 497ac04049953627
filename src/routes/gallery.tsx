import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { loadGalleryCollections } from '@/features/gallery/collections-loader'
import { GalleryPage } from '@/features/gallery/gallery-page'
import { loadScreenCatalogs } from '@/i18n/i18n'
import { readSessionHint } from '@/session/session-hint'

export const Route = createFileRoute('/gallery')({
  staticData: { navBar: true, title: msg`Gallery` },
  loader: async () => {
    // Someone signed in on this device sees their collections: the screen renders them at once (collections-loader.ts).
    const [areas] = await Promise.all([loadScreenCatalogs('gallery'), readSessionHint() === null ? null : loadGalleryCollections()])
    return areas
  },
  component: GalleryPage,
})
