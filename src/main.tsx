import { stopWaiting } from './boot/prerendered-page'

// The app's entry: every screen but the landing, which starts lighter
// (src/boot/landing.ts) and hands over to this app when the visitor moves on. Each
// screen's page carries the screen as the build rendered it for a visitor and fetches
// the code it needs with its HTML; the app starts as soon as that code is here and
// takes the screen over, replaying what the visitor did meanwhile
// (docs/decisions/0208). A device that would be shown something else (someone signed
// in here, a query, another language) waits blank for the app.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

import('./boot/app').then(
  ({ startApp }) => startApp(root),
  () => {
    // The code did not come (offline on a first visit, a deploy in between): the screen
    // shows as the build rendered it, its links work as links, and nothing stays held.
    window.actorlyHeldInput?.stop()
    window.actorlyHeldInput = undefined
    stopWaiting()
  },
)
