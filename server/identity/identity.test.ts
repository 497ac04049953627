import { describe, expect, it } from 'vitest'
import { cachedVerifier, TokenRejectedError, type TokenCheck, type VerifiedIdentity } from './identity.ts'

// The verified-token cache (decision 0091) in front of a counting fake of
// firebase-admin's verification, on a clock the test moves.

const minute = 60_000

function identityOf(token: string): VerifiedIdentity {
  return { uid: `uid-of-${token.split('.')[0]}`, email: null, emailVerified: true, name: null, authTime: 0 }
}

function setup(options: { ttlMs?: number; maxEntries?: number; tokenLifeMs?: number } = {}) {
  let clock = 1_000_000
  const calls: { token: string; checkRevoked: boolean }[] = []
  const rejected = new Map<string, TokenRejectedError>()
  const check: TokenCheck = async (token, checkRevoked) => {
    calls.push({ token, checkRevoked })
    const rejection = rejected.get(token)
    if (rejection !== undefined) throw rejection
    return { identity: identityOf(token), expiresAt: clock + (options.tokenLifeMs ?? 60 * minute) }
  }
  const verifier = cachedVerifier(check, async () => {}, {
    ttlMs: options.ttlMs ?? 5 * minute,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock,
  })
  const poll = (token: string) => verifier.verify(token, { checkRevoked: false })
  return { verifier, calls, rejected, poll, advance: (ms: number) => (clock += ms) }
}

describe('cachedVerifier', () => {
  it('answers a second request with the same token without verifying again', async () => {
    const { calls, poll } = setup()
    const first = await poll('alice.1')
    const second = await poll('alice.1')
    expect(second).toEqual(first)
    expect(calls).toHaveLength(1)
  })

  it('verifies a different token', async () => {
    const { calls, poll } = setup()
    await poll('alice.1')
    expect(await poll('bob.1')).toEqual(identityOf('bob.1'))
    expect(calls.map((call) => call.token)).toEqual(['alice.1', 'bob.1'])
  })

  it('never serves a token past its own expiry', async () => {
    const { calls, poll, advance } = setup({ tokenLifeMs: 2 * minute })
    await poll('alice.1')
    advance(2 * minute)
    await poll('alice.1')
    expect(calls).toHaveLength(2)
  })

  it('asks again once the cache time is over, even for a token still valid', async () => {
    const { calls, poll, advance } = setup({ ttlMs: minute })
    await poll('alice.1')
    advance(minute - 1)
    await poll('alice.1')
    expect(calls).toHaveLength(1)
    advance(1)
    await poll('alice.1')
    expect(calls).toHaveLength(2)
  })

  it('always verifies fully with the revocation check, even for a cached token', async () => {
    const { verifier, calls, poll } = setup()
    await poll('alice.1')
    await verifier.verify('alice.1', { checkRevoked: true })
    await verifier.verify('alice.1', { checkRevoked: true })
    expect(calls).toEqual([
      { token: 'alice.1', checkRevoked: false },
      { token: 'alice.1', checkRevoked: true },
      { token: 'alice.1', checkRevoked: true },
    ])
  })

  it('forgets every token of an account the revocation check refused', async () => {
    const { verifier, calls, rejected, poll } = setup()
    await poll('alice.1')
    await poll('alice.2')
    rejected.set('alice.1', new TokenRejectedError('revoked', null))
    await expect(verifier.verify('alice.1', { checkRevoked: true })).rejects.toThrow(TokenRejectedError)
    rejected.set('alice.2', new TokenRejectedError('disabled', null))
    await expect(poll('alice.2')).rejects.toThrow(TokenRejectedError)
    expect(calls).toHaveLength(4)
  })

  it('does not remember a rejected token', async () => {
    const { calls, rejected, poll } = setup()
    rejected.set('forged.1', new TokenRejectedError('invalid', null))
    await expect(poll('forged.1')).rejects.toThrow(TokenRejectedError)
    await expect(poll('forged.1')).rejects.toThrow(TokenRejectedError)
    expect(calls).toHaveLength(2)
  })

  it('shares one verification among concurrent first requests', async () => {
    const { calls, poll } = setup()
    await Promise.all([poll('alice.1'), poll('alice.1'), poll('alice.1')])
    expect(calls).toHaveLength(1)
  })

  it('forgets the least recently used token beyond its size', async () => {
    const { calls, poll } = setup({ maxEntries: 2 })
    await poll('alice.1')
    await poll('bob.1')
    await poll('alice.1')
    await poll('carol.1')
    await poll('alice.1')
    expect(calls.map((call) => call.token)).toEqual(['alice.1', 'bob.1', 'carol.1'])
    await poll('bob.1')
    expect(calls.map((call) => call.token)).toEqual(['alice.1', 'bob.1', 'carol.1', 'bob.1'])
  })
})
