import { msg } from '@lingui/core/macro'

// The document's title and description where no screen names its own: the landing,
// and the HTML the build prerenders in each language (src/boot/prerender.tsx).
export const SITE_TITLE = msg`Actorly – AI video actors on your phone`
export const SITE_DESCRIPTION = msg`Create short portrait AI videos: UGC actors from a prompt, lip sync and consistent actors. Pay with credits, keep your gallery offline.`
/** On an app screen in a browser without JavaScript, with a link to the landing, which works without it. */
export const SITE_NEEDS_JAVASCRIPT = msg`This part of Actorly needs JavaScript. Turn it on in your browser.`
export const SITE_START_PAGE = msg`Go to the start page`
