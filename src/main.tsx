import { afterFirstPaint } from './boot/after-first-paint'
import { stopWaiting, waitsForApp } from './boot/prerendered-page'

// The app's entry: every screen but the landing, which starts lighter
// (src/boot/landing.ts) and hands over to this app when the visitor moves on. Each
// screen's page carries the screen as the build rendered it for a visitor and fetches
// the code it needs with its HTML; once the screen has painted, the app starts with
// that code and takes the screen over, replaying what the visitor did meanwhile
// (docs/decisions/0208). A device that would be shown something else (someone signed
// in here, a query, another language) waits blank for the app, which starts at once.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

function start(container: HTMLElement): void {
  import('./boot/app').then(
    ({ startApp }) => startApp(container),
    () => {
      // The code did not come (offline on a first visit, a deploy in between): the screen
      // shows as the build rendered it, its links work as links, and nothing stays held.
      window.actorlyHeldInput?.stop()
      window.actorlyHeldInput = undefined
      stopWaiting()
    },
  )
}

// The screen paints before the app runs, even where its code is already here (a fast
// network): the app's work never stands between the visitor and the screen.
if (root.hasChildNodes() && !waitsForApp()) afterFirstPaint(() => start(root))
else start(root)
