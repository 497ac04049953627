// Vitest's words for a test process that exited under it, naming the file it ran.
const crashed = /Worker exited unexpectedly with signal \w+ during \w+ state while running test file (\S+)/g
const colours = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g')

/** The files whose test process died, when that is the only reason a Vitest run failed. */
export function crashedOnly(output: string): string[] {
  const plain = output.replace(colours, '')
  const files = [...plain.matchAll(crashed)].map((match) => match[1] ?? '').filter((file) => file !== '')
  const testsFailed = /^\s*(Test Files|Tests)\s.*\bfailed\b/m.test(plain)
  return testsFailed ? [] : [...new Set(files)]
}
