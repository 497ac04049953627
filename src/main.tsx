import { startApp } from './boot/app'

// The app's entry (index.html): every screen but a prerendered landing, which starts
// lighter (src/boot/landing.ts) and hands over to this app when the visitor moves on.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
void startApp(root)
