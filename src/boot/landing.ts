import { afterFirstPaint } from './after-first-paint'

// The entry of the prerendered landing (docs/decisions/0202). The page paints from its
// HTML first; the code that brings it to life is downloaded meanwhile (the page preloads
// it) and runs once the browser reports that first paint.

const container = document.getElementById('root')
if (container) afterFirstPaint(() => void import('./landing-start').then(({ startLanding }) => startLanding(container)))
