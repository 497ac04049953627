import type { ManifestOptions } from 'vite-plugin-pwa'
import { SHARED_MEDIA_ACCEPT, SHARED_MEDIA_FIELD, SHARE_TARGET_ACTION } from './pwa/share-target.ts'

// The web app manifest (docs/decisions/0050): everything Chromium and Safari ask for to install.
// English only: a manifest has one language, and the app itself follows the visitor's
// (docs/decisions/0050). Installed, the app opens on the generator, the product's
// home (spec §2: the logo leads to /ugc-actor). No orientation lock: people may hold
// a tablet sideways (WCAG 1.3.4).
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Actorly – AI video actors',
  short_name: 'Actorly',
  description: 'Make short portrait AI videos on your phone: UGC actors, lip sync and consistent actors.',
  start_url: '/ugc-actor',
  scope: '/',
  display: 'standalone',
  dir: 'ltr',
  theme_color: '#0b0b14',
  background_color: '#0b0b14',
  lang: 'en',
  categories: ['photo', 'productivity', 'entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Create a video', short_name: 'Create', url: '/ugc-actor', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Gallery', url: '/gallery', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
  // Actorly appears in the share sheet for audio and video; the
  // service worker keeps the file and opens the lip-sync step (decision 0172).
  share_target: {
    action: SHARE_TARGET_ACTION,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARED_MEDIA_FIELD, accept: SHARED_MEDIA_ACCEPT }] },
  },
  screenshots: [
    { src: '/screenshots/narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'The landing page on a phone' },
    { src: '/screenshots/wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The landing page on a desktop' },
  ],
}
