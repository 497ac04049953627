/// <reference lib="webworker" />
// Actorly's service worker (architecture "The PWA"): precaches the shell, opens every
// screen offline, answers kept videos from IndexedDB, caches the landing samples at
// runtime and waits for the user before replacing itself (a recording or generation
// may be running). Push messages about ended generations become notifications
// (push-notifications.ts).
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { routeKeptVideos } from './kept-video'
import { routeNotificationClicks } from './notification-click'
import { routePushMessages } from './push-notifications'
import { servesShell } from './request-policy'
import { routeShareTarget } from './share-target'
import { routeSampleMedia } from './sample-media'
import { removeOutdatedRuntimeCaches, waitForUserToUpdate } from './lifecycle'

declare const self: ServiceWorkerGlobalScope

// The shell: the build's JS, CSS, HTML and icons (vite.config.ts globPatterns).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
removeOutdatedRuntimeCaches()

// Kept videos first: a kept video's URL is answered from IndexedDB, with ranges.
routeKeptVideos()

const shell = createHandlerBoundToURL('/index.html')
registerRoute(({ request, url }) => servesShell(request, url, self.location.origin), shell)

routeSampleMedia()
routeShareTarget()
routePushMessages()
routeNotificationClicks()
waitForUserToUpdate()

// The first worker takes the open page at once, so it works offline without a
// reload. Later versions wait (lifecycle.ts): a waiting worker never claims.
clientsClaim()
