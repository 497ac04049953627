import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

// The Firebase Storage emulator of firebase-tools in this process, for tests
// and `start:cluster`: the emulator's own Cloud Storage API (what the Admin SDK
// and @google-cloud/storage call) and its Firebase client API.
//
// Its security-rules runtime is a Java archive that firebase-tools downloads
// on first use. Where it is cached (~/.cache/firebase/emulators) the emulator
// starts whole with our storage.rules. Where it cannot be downloaded (an
// offline machine) the emulator starts without it: the Cloud Storage API works
// as ever, and every client request is refused by the emulator itself ("no
// loaded ruleset"), which is what storage.rules says anyway.
//
// Arguments: <projectId> <host> <port>. Prints `listening <port>` once ready.

const require = createRequire(import.meta.url)
const [projectId = 'demo-actorly', host = '127.0.0.1', portText = '9199'] = process.argv.slice(2)
const port = Number(portText)
const { StorageEmulator } = require('firebase-tools/lib/emulator/storage/index.js')
const { createApp } = require('firebase-tools/lib/emulator/storage/server.js')
const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry.js')
const { getDownloadDetails } = require('firebase-tools/lib/emulator/downloadableEmulators.js')

const rulesFile = path.resolve(import.meta.dirname, '../../storage.rules')
const emulator = new StorageEmulator({ projectId, host, port, rules: { name: rulesFile, content: readFileSync(rulesFile, 'utf8') }, auto_download: false })
const rulesRuntimeCached: boolean = existsSync(getDownloadDetails('storage').downloadPath)
if (!rulesRuntimeCached) {
  emulator.start = async () => {
    const app = await createApp(projectId, emulator)
    await new Promise<void>((resolve) => app.listen(port, host, () => resolve()))
  }
}
await EmulatorRegistry.start(emulator)
process.stdout.write(`listening ${port} rules=${rulesRuntimeCached ? 'storage.rules' : 'none (all client requests refused)'}\n`)
const stop = (): void => {
  void EmulatorRegistry.stopAll().finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
// Nothing outlives its parent, even one killed with SIGKILL.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop()
}, 1000).unref()
