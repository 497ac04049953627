import type { GalleryCollections } from './gallery-collections'

// The collections' code (Dexie, the gallery's schemas, Radix tabs) loads only for
// someone signed in (docs/decisions/0203). Where someone is signed in on this device the
// route waits for it before the screen's first render (src/routes/gallery.tsx): a screen
// that suspended on it first would show its spinner and, as React holds a shown
// fallback for a moment, reveal the cards noticeably later.

type Collections = typeof GalleryCollections

let loaded: Collections | undefined

export function loadGalleryCollections(): Promise<Collections> {
  return import('./gallery-collections').then((module) => (loaded = module.GalleryCollections))
}

/** The component if its code is here already, so the screen renders it without suspending. */
export function loadedGalleryCollections(): Collections | undefined {
  return loaded
}
