import { describe, expect, it } from 'vitest'
import { crashedOnly } from './vitest-crash.ts'

const crash =
  '\u001b[31mCaused by: Error\u001b[22m: Worker exited unexpectedly with signal SIGABRT during started state while running test file /w/src/app/a.test.tsx\u001b[39m'

describe('crashedOnly', () => {
  it('names the file whose process died when every test passed', () => {
    const output = `${crash}\n Test Files  127 passed (128)\n      Tests  1073 passed (1077)\n`
    expect(crashedOnly(output)).toEqual(['/w/src/app/a.test.tsx'])
  })

  it('retries nothing when a test failed as well', () => {
    const output = `${crash}\n Test Files  1 failed | 126 passed (128)\n      Tests  1 failed | 1072 passed (1077)\n`
    expect(crashedOnly(output)).toEqual([])
  })

  it('retries nothing for an ordinary failure', () => {
    expect(crashedOnly(' Test Files  1 failed | 127 passed (128)\n')).toEqual([])
  })
})
