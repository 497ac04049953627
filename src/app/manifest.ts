import type { ManifestOptions } from 'vite-plugin-pwa'

// The web app manifest (issue 2 §12): everything Chromium and Safari ask for to install.
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Actorly – AI video actors',
  short_name: 'Actorly',
  description: 'Make short portrait AI videos on your phone: UGC actors, lip sync and consistent characters.',
  start_url: '/ugc-actor',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0b0b14',
  background_color: '#0b0b14',
  lang: 'en',
  categories: ['photo', 'productivity', 'entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'The landing page on a phone' },
    { src: '/screenshots/wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The landing page on a desktop' },
  ],
}
