import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext } from '@playwright/test'

// Google sign-in through the Auth Emulator (decision 0114). The Firebase SDK and the
// emulator's helper iframe pass the popup's result through Google's gapi.iframes,
// loaded from apis.google.com, which this machine cannot reach: the browser gets a
// stand-in for that one script (support/gapi-iframes.js). The emulator's popup page
// also asks for web fonts and a UI kit it works without; those are refused at once.

const standIn = readFileSync(path.join(import.meta.dirname, 'gapi-iframes.js'), 'utf8')

export async function serveGoogleLoaderStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }))
  await context.route(/^https:\/\/(fonts\.googleapis\.com|fonts\.gstatic\.com|unpkg\.com)\//, (route) => route.abort())
}
