import { spawn } from 'node:child_process'

// An X display for WebKitGTK's MiniBrowser (it has no headless mode): Debian's
// Xvfb on the first free display number (-displayfd), no TCP, stopped with the
// test worker that started it.

export interface Display {
  /** The DISPLAY value, e.g. ':99'. */
  name: string
  stop(): void
}

export function startDisplay(): Promise<Display> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] })
  const stop = () => {
    if (xvfb.exitCode === null) xvfb.kill('SIGTERM')
  }
  process.once('exit', stop)
  return new Promise((resolve, reject) => {
    let output = ''
    xvfb.once('error', reject)
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)))
    xvfb.stdout.on('data', (data: Buffer) => {
      output += data.toString()
      const number = /^(\d+)\n/.exec(output)?.[1]
      if (number !== undefined) resolve({ name: `:${number}`, stop })
    })
  })
}
