import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactElement } from 'react'
import { deviceDb } from '@/device/device-db'
import { accountsOnDevice, forgetSignedOut, forgetUser } from '@/device/forget'
import { keepVideo } from '@/device/kept-videos'
import { STORAGE_KEYS } from '@/device/names'
import { pendingJob } from '@/jobs/testing/pending-job'
import { QueryClientProvider } from '@tanstack/react-query'
import { createServerStateClient, galleryKey, userRecordKey } from '@/api/server-state'
import { SessionProvider } from './session-provider'
import { announceIdentityStarted } from './identity-started'
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

/** What the app hands the session: the device store's forgetting (src/app/this-device.ts adds push). */
const device = { forgetSignedOut, forgetUser, accountsOnDevice }
const ada: SessionUser = { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada' }
/** The uids the server says were deleted (POST /api/account/v1/deleted, asked without a token). */
const deletedOnServer = new Set<string>()
const deletedChecks: string[][] = []

async function deletedCheck(url: string): Promise<Response> {
  if (url !== '/api/account/v1/deleted') throw new Error(`unexpected fetch of ${url}`)
  deletedChecks.push([...deletedOnServer])
  return new Response(JSON.stringify({ deleted: [...deletedOnServer] }), { headers: { 'content-type': 'application/json' } })
}
let balance = 11
const requests: { url: string; auth: string | null }[] = []

beforeEach(() => {
  localStorage.clear()
  // Most tests are about someone signed in on this device: the session follows the identity service at once.
  localStorage.setItem(STORAGE_KEYS.sessionHint, 'uid-ada')
  deletedOnServer.clear()
  deletedChecks.length = 0
  identity.tokens.current = 'token'
  balance = 11
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      if (typeof input === 'string') return deletedCheck(input)
      const request = input
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
  const text =
    session.status === 'signed-in'
      ? `signed-in ${session.user.email} credits=${session.credits ?? 'loading'}`
      : `${session.status}${session.status === 'signed-out' && session.accountDeleted ? ' (account deleted)' : ''}`
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

/** As the app frame renders it: under a QueryClient of its own (src/boot/app-root.tsx). */
function renderInApp(ui: ReactElement, serverState = createServerStateClient()) {
  return render(<QueryClientProvider client={serverState}>{ui}</QueryClientProvider>)
}

async function mount(serverState = createServerStateClient()) {
  renderInApp(
    <SessionProvider device={device}>
      <Probe />
    </SessionProvider>,
    serverState,
  )
  // The identity module is imported lazily once the browser is idle after the first render.
  await settle()
}

describe('SessionProvider', () => {
  it('on a device where someone is signed in, is loading until the first auth state', async () => {
    renderInApp(
      <SessionProvider device={device}>
        <Probe />
      </SessionProvider>,
    )
    expect(screen.getByTestId('state')).toHaveTextContent('loading')
    await settle()
    act(() => identity.emit(null))
    expect(screen.getByTestId('state')).toHaveTextContent('signed-out')
    // The session ended elsewhere: the next visit starts signed out.
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull()
  })

  it('on a device where nobody is signed in, starts signed out without loading the identity service', async () => {
    localStorage.clear()
    const watched = vi.spyOn(identity, 'watchIdentity')
    renderInApp(
      <SessionProvider device={device}>
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

  it('asked again while the first fetch hangs, starts a new one rather than waiting on it', async () => {
    const answered = vi.mocked(fetch).getMockImplementation()
    let stalled = true
    // The first record fetch never answers (a stalled connection); later ones do.
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (input instanceof Request && stalled) {
        stalled = false
        return new Promise<Response>(() => {})
      }
      if (answered === undefined) throw new Error('no server stand-in')
      return answered(input, init)
    })
    await mount()
    act(() => identity.emit(ada))
    await vi.waitFor(() => expect(stalled).toBe(false))
    expect(screen.getByTestId('state')).toHaveTextContent('credits=loading')
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }))
    await screen.findByText(/credits=11/)
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
  return (
    <p data-testid="error">
      {session.status === 'signed-in'
        ? `${session.recordError === undefined ? 'none' : `${session.recordError.status} ${session.recordError.statusText}`} ${session.credits ?? 'loading'}`
        : session.status}
    </p>
  )
}

function LastKnownProbe() {
  const session = useSession()
  return (
    <p data-testid="last">
      {session.status === 'signed-in' ? `${session.recordError === undefined ? 'ok' : 'failed'} ${session.lastKnownCredits ?? 'unknown'}` : session.status}
    </p>
  )
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
    renderInApp(
      <SessionProvider device={device}>
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

  it('offline, offers the balance this device last saw for the same user (docs/decisions/0117)', async () => {
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    cleanup()
    // A later visit without a connection: the record cannot be fetched.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderInApp(
      <SessionProvider device={device}>
        <LastKnownProbe />
      </SessionProvider>,
    )
    await settle()
    act(() => identity.emit(ada))
    await vi.waitFor(() => expect(screen.getByTestId('last')).toHaveTextContent('failed 11'))
    // Never another user's.
    act(() => identity.emit({ ...ada, uid: 'uid-bob', email: 'bob@example.com' }))
    await vi.waitFor(() => expect(screen.getByTestId('last')).toHaveTextContent('failed unknown'))
  })

  it('clears the stored session when the identity service ends it', async () => {
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    localStorage.setItem('actorly.something', 'x')
    act(() => identity.emit(null))
    expect(localStorage.getItem('actorly.something')).toBeNull()
  })

  it('forgets every server answer it held at sign-out: the record and any gallery view (docs/decisions/0171)', async () => {
    const serverState = createServerStateClient()
    await mount(serverState)
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    serverState.setQueryData([...galleryKey(ada.uid), 'ugc', 1], { kind: 'fresh', items: [], total: 0 })
    expect(serverState.getQueryData([...userRecordKey(ada.uid), ada.email])).toMatchObject({ credits: 11 })
    await act(() => screen.getByRole('button', { name: 'sign out' }).click())
    await screen.findByText('signed-out')
    expect(serverState.getQueryCache().getAll()).toEqual([])
  })
})

/** The server: refuses with 401 whenever `refuse` says so, else answers the record. */
function answer(refuse: (auth: string | null) => boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      if (typeof input === 'string') return deletedCheck(input)
      const request = input
      const auth = request.headers.get('authorization')
      requests.push({ url: new URL(request.url).pathname, auth })
      if (refuse(auth)) return new Response('{"code":"unauthorized"}', { status: 401 })
      const record = { _id: 'rec-1', email: ada.email, name: 'Ada', credits: 7, isCurrentlyGenerating: false }
      return new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } })
    }),
  )
}

describe('SessionProvider when the server refuses the token (a 401 refreshes once, then signs out)', () => {
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

/** Rows this device keeps for an account: a kept video (its row and its one chunk of bytes) and an unfinished job. */
async function deviceRowsFor(uid: string): Promise<void> {
  const kept = await keepVideo({ uid, videoUrl: `https://app.test/media/${uid}.mp4`, videoId: `v-${uid}`, blob: new Blob(['x'], { type: 'video/mp4' }) })
  expect(kept.ok).toBe(true)
  await deviceDb.jobs.put(pendingJob({ requestId: `job-${uid}`, uid, userId: `rec-${uid}` }))
}

async function rowsOnDevice(uid: string): Promise<number> {
  const counts = await Promise.all([
    deviceDb.keptVideos.where('uid').equals(uid).count(),
    deviceDb.keptVideoChunks.filter((chunk) => chunk.uid === uid).count(),
    deviceDb.jobs.where('uid').equals(uid).count(),
  ])
  return counts.reduce((sum, count) => sum + count, 0)
}

describe('SessionProvider when an account was deleted (docs/decisions/0260)', () => {
  beforeEach(async () => {
    await Promise.all([deviceDb.keptVideos.clear(), deviceDb.keptVideoChunks.clear(), deviceDb.jobs.clear()])
  })

  it('at its online check, forgets a deleted account this device holds data of and signs it out; other accounts stay', async () => {
    await deviceRowsFor(ada.uid)
    await deviceRowsFor('uid-bob')
    localStorage.setItem('actorly.something', 'x')
    deletedOnServer.add(ada.uid)
    await mount()
    act(() => identity.emit(ada))
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out (account deleted)'))
    expect(await rowsOnDevice(ada.uid)).toBe(0)
    expect(await rowsOnDevice('uid-bob')).toBe(3)
    expect(localStorage.getItem('actorly.something')).toBeNull()
    expect(identity.signOutIdentity).toHaveBeenCalled()
  })

  it('asks again when the device comes back online', async () => {
    await deviceRowsFor(ada.uid)
    await mount()
    act(() => identity.emit(ada))
    await screen.findByText(/credits=11/)
    await vi.waitFor(() => expect(deletedChecks.length).toBeGreaterThan(0))
    expect(await rowsOnDevice(ada.uid)).toBe(3)

    deletedOnServer.add(ada.uid)
    act(() => void window.dispatchEvent(new Event('online')))
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out (account deleted)'))
    expect(await rowsOnDevice(ada.uid)).toBe(0)
  })

  it('forgets the account at once when the server answers account_deleted', async () => {
    await deviceRowsFor(ada.uid)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        if (typeof input === 'string') return deletedCheck(input)
        return new Response(JSON.stringify({ message: 'This account was deleted', code: 'account_deleted' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    await mount()
    act(() => identity.emit(ada))
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out (account deleted)'))
    expect(await rowsOnDevice(ada.uid)).toBe(0)
    // No fresh token was asked for: a deleted account has none to give.
    expect(identity.currentIdToken).not.toHaveBeenCalledWith(true)
  })
})

// Last in this file: once started, the identity service stays started for the module's lifetime.
describe('SessionProvider on a device where nobody is signed in', () => {
  it('follows the identity service once the sign-in screen starts it', async () => {
    localStorage.clear()
    renderInApp(
      <SessionProvider device={device}>
        <Probe />
      </SessionProvider>,
    )
    await settle()
    act(() => announceIdentityStarted())
    await settle()
    act(() => identity.emit(ada))
    await screen.findByText('signed-in ada@example.com credits=11')
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBe('uid-ada')
  })
})
