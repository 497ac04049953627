import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GalleryPage } from '@/features/gallery/gallery-page'

export const Route = createFileRoute('/gallery')({
  staticData: { navBar: true, title: msg`Gallery` },
  component: GalleryPage,
})
