// Serves a build with `vite preview` on 127.0.0.1 (scripts/render-screenshots.ts), and stops it again.
import { spawn } from 'node:child_process'

export type RunningServer = { baseURL: string; stop: () => Promise<void> }

export async function startPreview(distDir: string, port: number): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    env: { ...process.env, ACTORLY_DIST: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    await waitUntilServing(baseURL, () => child.exitCode !== null)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, stop }
}

async function waitUntilServing(baseURL: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('vite preview exited before serving (is the port taken?)')
    try {
      const response = await fetch(baseURL)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`vite preview did not answer on ${baseURL} within 30 s`)
}
