import { afterFirstPaint } from './boot/after-first-paint'

// The app's entry: every screen but the landing, which starts lighter
// (src/boot/landing.ts) and hands over to this app when the visitor moves on. Each
// screen's page carries the screen as the build rendered it for a visitor (inert
// until the app replaces it) and lists the code it needs; that code is fetched
// once the page has painted, all at once, and the app starts with it
// (docs/decisions/0202). Someone signed in on this device is shown nothing until
// the app runs (the session hint), so for them nothing waits for a paint.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

function start(): void {
  for (const href of root?.dataset.code?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  void import('./boot/app').then(({ startApp }) => root && startApp(root))
}

if (root.hasChildNodes() && !document.documentElement.hasAttribute('data-signed-in')) afterFirstPaint(start)
else start()
