import type { Root } from 'react-dom/client'
import type { startApp } from './app'

// The landing starts without the router and the app frame (docs/decisions/0202).
// When the visitor shows they may leave it (a finger or pointer on a link, a link
// focused) the app starts loading; following the link then hands the page to the
// app at the link's address, without reloading the page.

let app: Promise<{ startApp: typeof startApp }> | undefined
let landingRoot: Root | undefined

/** The landing's React root, replaced by the app's on handover. */
export function setLandingRoot(root: Root): void {
  landingRoot = root
}

/** Starts loading the app (once), so a followed link opens it without waiting. */
export function warmUpApp(): void {
  app ??= import('./app')
}

/** Opens `path` in the app. Until the landing's root exists, a normal page load does it. */
export async function openInApp(path: string): Promise<void> {
  const container = document.getElementById('root')
  if (landingRoot === undefined || container === null) {
    window.location.assign(path)
    return
  }
  warmUpApp()
  const loaded = await (app ?? import('./app'))
  await loaded.startApp(container, { at: path, replacing: landingRoot })
}
