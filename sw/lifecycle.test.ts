import { describe, expect, it } from 'vitest'
import { isSkipWaitingMessage, skipWaitingMessage } from './lifecycle'

describe('isSkipWaitingMessage', () => {
  it('accepts the update prompt’s message', () => {
    expect(isSkipWaitingMessage(skipWaitingMessage)).toBe(true)
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true)
  })

  it('ignores anything else', () => {
    for (const data of [null, undefined, 'SKIP_WAITING', { type: 'OTHER' }, {}, 42]) {
      expect(isSkipWaitingMessage(data)).toBe(false)
    }
  })
})
