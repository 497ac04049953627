import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '@/device/names'
import { clearStoredSession } from '@/device/web-storage'
import { lastKnownBalance, rememberBalance } from './last-balance'

afterEach(() => localStorage.clear())

describe('last known balance (docs/decisions/0117)', () => {
  it('answers the balance last remembered for the same user only', () => {
    expect(lastKnownBalance('u1')).toBeNull()
    rememberBalance('u1', 12.25)
    rememberBalance('u1', 10.5)
    expect(lastKnownBalance('u1')).toBe(10.5)
    expect(lastKnownBalance('u2')).toBeNull()
  })

  it('ignores what it cannot read', () => {
    localStorage.setItem(STORAGE_KEYS.lastBalance, '{"uid":"u1","credits":"lots"}')
    expect(lastKnownBalance('u1')).toBeNull()
    localStorage.setItem(STORAGE_KEYS.lastBalance, 'not json')
    expect(lastKnownBalance('u1')).toBeNull()
  })

  it('goes with the stored session at sign-out', () => {
    rememberBalance('u1', 3)
    clearStoredSession()
    expect(lastKnownBalance('u1')).toBeNull()
  })
})
