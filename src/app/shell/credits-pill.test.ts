import { describe, expect, it } from 'vitest'
import type { Session } from '@/session/session'
import { creditsPillOf, displayedCredits } from './credits-pill'

const ada = { uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }
const signedIn = (extra: Partial<Extract<Session, { status: 'signed-in' }>> = {}): Session => ({
  status: 'signed-in',
  user: ada,
  record: null,
  credits: null,
  ...extra,
})
const noAnswer = { status: null, statusText: '' }

describe('creditsPillOf (spec §2, §8; docs/decisions/0117)', () => {
  it('offers plans signed out and waits while nobody is known', () => {
    expect(creditsPillOf({ status: 'signed-out' }, true)).toEqual({ kind: 'plans' })
    expect(creditsPillOf({ status: 'loading' }, false)).toEqual({ kind: 'loading' })
    expect(creditsPillOf(signedIn(), true)).toEqual({ kind: 'loading' })
  })

  it('shows the balance, marked when the device is offline', () => {
    expect(creditsPillOf(signedIn({ credits: 4.5 }), true)).toEqual({ kind: 'balance', credits: 4.5, offline: false })
    expect(creditsPillOf(signedIn({ credits: 4.5 }), false)).toEqual({ kind: 'balance', credits: 4.5, offline: true })
  })

  it('without an answer, shows the last balance this device saw, or says it is offline', () => {
    expect(creditsPillOf(signedIn({ recordError: noAnswer, lastKnownCredits: 11 }), true)).toEqual({ kind: 'balance', credits: 11, offline: true })
    expect(creditsPillOf(signedIn({ recordError: noAnswer }), true)).toEqual({ kind: 'offline' })
    // Offline before the first answer came back.
    expect(creditsPillOf(signedIn({ lastKnownCredits: 2 }), false)).toEqual({ kind: 'balance', credits: 2, offline: true })
    expect(creditsPillOf(signedIn(), false)).toEqual({ kind: 'offline' })
  })

  it('keeps the server’s error when it answered one (spec §8)', () => {
    const failed = signedIn({ recordError: { status: 503, statusText: 'Service Unavailable' }, lastKnownCredits: 11 })
    expect(creditsPillOf(failed, true)).toEqual({ kind: 'problem', status: 503, statusText: 'Service Unavailable' })
  })
})

const format = (value: number) => value.toFixed(2)

describe('displayedCredits (spec §2)', () => {
  it('shows zero or less as 0', () => {
    expect(displayedCredits(0, format)).toBe('0')
    expect(displayedCredits(-1, format)).toBe('0')
    expect(displayedCredits(1.5, format)).toBe('1.50')
  })
})
