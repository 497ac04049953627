import { msg } from '@lingui/core/macro'

// The document's title and description where no screen names its own: the landing,
// and the HTML the build prerenders in each language (src/boot/prerender.tsx).
export const SITE_TITLE = msg`Actorly – AI video actors on your phone`
export const SITE_DESCRIPTION = msg`Create short portrait AI videos: UGC actors from a prompt, lip sync and consistent characters. Pay with credits, keep your gallery offline.`
