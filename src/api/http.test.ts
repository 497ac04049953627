import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, setTokenSource } from './http'

// The bearer-token rules (spec §6) against a stubbed fetch: the
// token is sent, a 401 refreshes once and retries, a second 401 ends the session.

function answer(status: number): Response {
  return new Response(JSON.stringify({ ok: status < 400 }), { status, headers: { 'content-type': 'application/json' } })
}

afterEach(() => {
  setTokenSource(null)
  vi.unstubAllGlobals()
})

function recordCalls(statuses: number[]) {
  const seen: { auth: string | null; body: string }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      seen.push({ auth: request.headers.get('authorization'), body: await request.clone().text() })
      return answer(statuses[Math.min(seen.length - 1, statuses.length - 1)] ?? 200)
    }),
  )
  return seen
}

describe('api', () => {
  it('sends the ID token as a bearer token', async () => {
    const seen = recordCalls([200])
    setTokenSource({ getToken: async () => 'token-1', onRejected: vi.fn<() => void>() })
    await api.post('api/x', { json: { a: 1 } }).json()
    expect(seen).toEqual([{ auth: 'Bearer token-1', body: '{"a":1}' }])
  })

  it('sends no Authorization header when nobody is signed in', async () => {
    const seen = recordCalls([200])
    await api.get('api/x').json()
    expect(seen[0]?.auth).toBeNull()
  })

  it('refreshes the token once on a 401 and repeats the same request', async () => {
    const seen = recordCalls([401, 200])
    let current = 'stale'
    const onRejected = vi.fn<() => void>()
    setTokenSource({
      getToken: async (force) => {
        if (force) current = 'fresh'
        return current
      },
      onRejected,
    })
    await expect(api.post('api/x', { json: { a: 2 } }).json()).resolves.toEqual({ ok: true })
    expect(seen).toEqual([
      { auth: 'Bearer stale', body: '{"a":2}' },
      { auth: 'Bearer fresh', body: '{"a":2}' },
    ])
    expect(onRejected).not.toHaveBeenCalled()
  })

  it('ends the session when the fresh token is refused too, without a third try', async () => {
    const seen = recordCalls([401, 401, 200])
    const onRejected = vi.fn<() => void>()
    setTokenSource({ getToken: async () => 'token', onRejected })
    await expect(api.get('api/x').json()).rejects.toThrow(/401/)
    expect(seen).toHaveLength(2)
    expect(onRejected).toHaveBeenCalledOnce()
  })

  it('never repeats a request that failed for another reason', async () => {
    const seen = recordCalls([500, 200])
    setTokenSource({ getToken: async () => 'token', onRejected: vi.fn<() => void>() })
    await expect(api.post('api/x', { json: {} }).json()).rejects.toThrow(/500/)
    expect(seen).toHaveLength(1)
  })
})

describe('api when the account was deleted (docs/decisions/0260)', () => {
  it('tells the session at once, without refreshing or repeating the request', async () => {
    const seen: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request.headers.get('authorization') ?? '')
        return new Response(JSON.stringify({ message: 'This account was deleted', code: 'account_deleted' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    const getToken = vi.fn<(force: boolean) => Promise<string | null>>(async () => 'token')
    const onRejected = vi.fn<() => void>()
    const onAccountDeleted = vi.fn<() => void>()
    setTokenSource({ getToken, onRejected, onAccountDeleted })
    await expect(api.get('api/x').json()).rejects.toThrow(/401/)
    expect(seen).toEqual(['Bearer token'])
    expect(getToken).not.toHaveBeenCalledWith(true)
    expect(onAccountDeleted).toHaveBeenCalledOnce()
    expect(onRejected).not.toHaveBeenCalled()
  })
})

describe('api when the token cannot be refreshed', () => {
  it('ends the session when no fresh token comes, and leaves a visitor alone', async () => {
    const seen = recordCalls([401, 401])
    const onRejected = vi.fn<() => void>()
    let signedIn = true
    setTokenSource({ getToken: async (force) => (force || !signedIn ? null : 'token'), onRejected })
    await expect(api.get('api/x').json()).rejects.toThrow(/401/)
    expect(onRejected).toHaveBeenCalledOnce()
    signedIn = false
    await expect(api.get('api/x').json()).rejects.toThrow(/401/)
    expect(onRejected).toHaveBeenCalledOnce()
    expect(seen).toHaveLength(2)
  })
})
