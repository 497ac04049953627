import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionProvider } from './session-provider'
import { announceIdentityStarted } from './identity-started'
import { SESSION_HINT_KEY } from './session-hint'
import { type SessionUser, useSession, useSessionActions } from './session'

// spec §4 Session against a stand-in identity service (the Firebase SDK cannot
// run in jsdom; the real one is covered by the e2e tests) and a stubbed server.

const identity = vi.hoisted(() => {
  let listener: ((user: SessionUser | null) => void) | null = null
  const emit = (user: SessionUser | null): void => listener?.(user)
  const tokens = { current: 'token' }
  return {
    emit,
    tokens,
    watchIdentity: (onChange: (user: SessionUser | null) => void) => {
      listener = onChange
      return () => {
        listener = null
      }
    },
    /** As the identity service: a forced refresh hands out a new token, which later calls then return. */
    currentIdToken: vi.fn<(force: boolean) => Promise<string | null>>(async (force) => {
      if (force) tokens.current = 'fresh-token'
      return tokens.current
    }),
    signOutIdentity: vi.fn<() => Promise<void>>(async () => emit(null)),
  }
})
vi.mock('./identity-watch', () => identity)

const ada: SessionUser = { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada' }
let balance = 11
const requests: { url: string; auth: string | null }[] = []

beforeEach(() => {
  localStorage.clear()
  // Most tests are about someone signed in on this device: the session follows the identity service at once.
  localStorage.setItem(SESSION_HINT_KEY, 'uid-ada')
  identity.tokens.current = 'token'
  balance = 11
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push({ url: new URL(request.url).pathname, auth: request.headers.get('authorization') })
      const record = { _id: 'rec-1', email: ada.email, name: 'Ada', credits: balance, isCurrentlyGenerating: false }
      return new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** Lets the provider start the identity module (when the browser is idle: soon, in jsdom a timer) and settle. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))

function Probe() {
  const session = useSession()
  const actions = useSessionActions()
  const text = session.status === 'signed-in' ? `signed-in ${session.user.email} credits=${session.credits ?? 'loading'}` : session.status
  return (
    <>
      <p data-testid="state">{text}</p>
      <button type="button" onClick={actions.refreshUser}>
        refresh
      </button>
      <button type="button" onClick={() => actions.adjustCredits(-1.75)}>
        spend
      </button>
      <button type="button" onClick={() => void actions.signOut()}>
        sign out
      </button>
    </>
  )
}

async function mount() {
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  )
  // The identity module is imported lazily once the browser is idle after the first render.
  await settle()
}

describe('SessionProvider', () => {
  it('on a device where someone is signed in, is loading until the first auth state', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    expect(screen.getByTestId('state')).toHaveTextContent('loading')
    await settle()
    act(() => identity.emit(null))
    expect(screen.getByTestId('state')).toHaveTextContent('signed-out')
    // The session ended elsewhere: the next visit starts signed out.
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull()
  })

  it('on a device where nobody is signed in, starts signed out without loading the identity service', async () => {
    localStorage.clear()
    const watched = vi.spyOn(identity, 'watchIdentity')
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    expect(screen.getByTestId('state')).toHaveTextContent('signed-out')
    await settle()
    expect(watched).not.toHaveBeenCalled()
  })

  it('fetches the user record with the bearer token and shows its credits', async () => {
    await mount()
    act(() => identity.emit(ada))
    expect(screen.getByTestId('state')).toHaveTextContent('credits=loading')
    await screen.findByText('signed-in ada@example.com credits=11')
    expect(requests).toEqual([{ url: '/api/users/v1/ada%40example.com', auth: 'Bearer token' }])
  })

  it('refetches when asked and deducts locally', async () => {
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    await userEvent.click(screen.getByRole('button', { name: 'spend' }))
    expect(screen.getByTestId('state')).toHaveTextContent('credits=9.25')
    balance = 31
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }))
    await screen.findByText(/credits=31/)
    expect(requests).toHaveLength(2)
  })

  it('sign-out clears the stored session but keeps the language', async () => {
    localStorage.setItem('actorly.locale', 'de')
    localStorage.setItem('actorly.something', 'x')
    sessionStorage.setItem('draft', 'y')
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }))
    expect(screen.getByTestId('state')).toHaveTextContent('signed-out')
    expect(localStorage.getItem('actorly.locale')).toBe('de')
    expect(localStorage.getItem('actorly.something')).toBeNull()
    expect(sessionStorage.getItem('draft')).toBeNull()
  })
})

function ErrorProbe() {
  const session = useSession()
  return <p data-testid="error">{session.status === 'signed-in' ? `${session.recordError === undefined ? 'none' : `${session.recordError.status} ${session.recordError.statusText}`} ${session.credits ?? 'loading'}` : session.status}</p>
}

describe('SessionProvider when the record cannot be fetched', () => {
  it('shows the spec §8 error and asks again when the network comes back', async () => {
    let fail = true
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (fail) return new Response('{}', { status: 503, statusText: 'Service Unavailable' })
        const record = { _id: 'rec-1', email: ada.email, name: 'Ada', credits: 5, isCurrentlyGenerating: false }
        return new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } })
      }),
    )
    render(
      <SessionProvider>
        <ErrorProbe />
      </SessionProvider>,
    )
    await settle()
    act(() => identity.emit(ada))
    expect(await screen.findByTestId('error')).toBeInTheDocument()
    await vi.waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('503 Service Unavailable loading'))
    fail = false
    act(() => void window.dispatchEvent(new Event('online')))
    await vi.waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('none 5'))
  })

  it('clears the stored session when the identity service ends it', async () => {
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    localStorage.setItem('actorly.something', 'x')
    act(() => identity.emit(null))
    expect(localStorage.getItem('actorly.something')).toBeNull()
  })
})

/** The server: refuses with 401 whenever `refuse` says so, else answers the record. */
function answer(refuse: (auth: string | null) => boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const auth = request.headers.get('authorization')
      requests.push({ url: new URL(request.url).pathname, auth })
      if (refuse(auth)) return new Response('{"code":"unauthorized"}', { status: 401 })
      const record = { _id: 'rec-1', email: ada.email, name: 'Ada', credits: 7, isCurrentlyGenerating: false }
      return new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } })
    }),
  )
}

describe('SessionProvider when the server refuses the token (issue 4: a 401 refreshes once, then signs out)', () => {
  it('asks for a fresh token once and carries on with it', async () => {
    answer((auth) => auth !== 'Bearer fresh-token')
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText('signed-in ada@example.com credits=7')
    expect(requests.map((request) => request.auth)).toEqual(['Bearer token', 'Bearer fresh-token'])
    expect(identity.signOutIdentity).not.toHaveBeenCalled()
  })

  it('signs out when the fresh token is refused too', async () => {
    identity.signOutIdentity.mockClear()
    answer(() => true)
    localStorage.setItem('actorly.something', 'x')
    await mount()
    act(() => identity.emit(ada))
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out'))
    expect(identity.signOutIdentity).toHaveBeenCalledOnce()
    expect(requests).toHaveLength(2)
    expect(localStorage.getItem('actorly.something')).toBeNull()
  })
})

// Last in this file: once started, the identity service stays started for the module's lifetime.
describe('SessionProvider on a device where nobody is signed in', () => {
  it('follows the identity service once the sign-in screen starts it', async () => {
    localStorage.clear()
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    await settle()
    act(() => announceIdentityStarted())
    await settle()
    act(() => identity.emit(ada))
    await screen.findByText('signed-in ada@example.com credits=11')
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('uid-ada')
  })
})
