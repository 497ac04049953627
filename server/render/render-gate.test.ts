import { describe, expect, it } from 'vitest'
import { createRenderGate, RenderBusyError } from './render-gate.ts'

// The API instance's gate for ffmpeg work a caller waits for: a fixed number
// at once, the next turned away at once, a slot free again when its work ends
// (however it ends).

/** A promise and the handles that settle it. */
function deferred(): { promise: Promise<string>; resolve(value: string): void; reject(error: Error): void } {
  const handles: { resolve?: (value: string) => void; reject?: (error: Error) => void } = {}
  const promise = new Promise<string>((resolve, reject) => Object.assign(handles, { resolve, reject }))
  return { promise, resolve: (value) => handles.resolve?.(value), reject: (error) => handles.reject?.(error) }
}

describe('createRenderGate', () => {
  it('runs as many as it has slots and turns the next away at once', async () => {
    const gate = createRenderGate(2)
    const first = deferred()
    const second = deferred()
    const running = [gate.run(() => first.promise), gate.run(() => second.promise)]
    let called = false
    await expect(
      gate.run(async () => {
        called = true
        return 'third'
      }),
    ).rejects.toBeInstanceOf(RenderBusyError)
    expect(called).toBe(false)
    first.resolve('one')
    second.reject(new Error('ffmpeg failed'))
    await expect(running[0]).resolves.toBe('one')
    await expect(running[1]).rejects.toThrow('ffmpeg failed')
    // Both slots are free again, a failed one too.
    expect(await Promise.all([gate.run(async () => 'a'), gate.run(async () => 'b')])).toEqual(['a', 'b'])
  })
})
