import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GalleryPage } from '@/features/gallery/gallery-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/gallery')({
  staticData: { navBar: true, title: msg`Gallery` },
  loader: () => loadScreenCatalogs('gallery'),
  component: GalleryPage,
})
