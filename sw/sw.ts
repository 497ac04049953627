/// <reference lib="webworker" />
// Actorly's service worker (architecture "The PWA"): precaches the shell, opens every
// screen offline, answers kept videos from IndexedDB, caches the landing samples at
// runtime and waits for the user before replacing itself (a recording or generation
// may be running). Push messages about ended generations become notifications
// (push-notifications.ts).
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { routeKeptVideos } from './kept-video'
import { routeNotificationClicks } from './notification-click'
import { routePushMessages } from './push-notifications'
import { routeScreens } from './screens'
import { routeShareTarget } from './share-target'
import { routeSampleMedia } from './sample-media'
import { removeOutdatedRuntimeCaches, waitForUserToUpdate } from './lifecycle'

declare const self: ServiceWorkerGlobalScope

// Every screen's page in the visitor's language, before the precache's route answers `/` with the plain shell.
routeScreens()
// The shell: the build's JS, CSS, HTML (the prerendered pages too) and icons (vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
removeOutdatedRuntimeCaches()

// Kept videos first: a kept video's URL is answered from IndexedDB, with ranges.
routeKeptVideos()

routeSampleMedia()
routeShareTarget()
routePushMessages()
routeNotificationClicks()
waitForUserToUpdate()

// The first worker takes the open page at once, so it works offline without a
// reload. Later versions wait (lifecycle.ts): a waiting worker never claims.
clientsClaim()
