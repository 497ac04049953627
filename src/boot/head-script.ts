import { startPage } from './page-start'

// The entry of an app page's head script (./page-start.ts); the build bundles it on its own, as a classic script.
startPage(window)
