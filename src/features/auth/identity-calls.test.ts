import { beforeEach, describe, expect, it, vi } from 'vitest'

// The Firebase SDK and the user-record call replaced by recorders: these tests
// check what the auth card asks of them and in which order (spec §4).
interface FakeUser {
  email: string | null
  emailVerified: boolean
  displayName: string | null
}

const sdk = vi.hoisted(() => {
  const events: string[] = []
  const user: FakeUser = { email: 'ada@example.com', emailVerified: true, displayName: null }
  const signedIn = (event: string) => async () => {
    events.push(event)
    return { user }
  }
  const step = (event: string) => async () => {
    events.push(event)
  }
  return {
    events,
    user,
    providers: [] as { params: Record<string, string> }[],
    signInWithEmailAndPassword: vi.fn<() => Promise<{ user: FakeUser }>>(signedIn('signIn')),
    createUserWithEmailAndPassword: vi.fn<() => Promise<{ user: FakeUser }>>(signedIn('create')),
    signInWithPopup: vi.fn<() => Promise<{ user: FakeUser }>>(signedIn('popup')),
    updateProfile: vi.fn<(user: FakeUser, profile: { displayName: string }) => Promise<void>>(step('updateProfile')),
    sendEmailVerification: vi.fn<(user: FakeUser, settings: { url: string }) => Promise<void>>(step('sendVerification')),
    signOut: vi.fn<() => Promise<void>>(step('signOut')),
    saveUserRecord: vi.fn<(request: { email: string; name: string }) => Promise<void>>(step('saveRecord')),
  }
})

vi.mock('firebase/auth', () => ({
  browserPopupRedirectResolver: { name: 'popup-resolver' },
  GoogleAuthProvider: class {
    params: Record<string, string> = {}
    constructor() {
      sdk.providers.push(this)
    }
    setCustomParameters(params: Record<string, string>) {
      this.params = params
    }
  },
  signInWithEmailAndPassword: sdk.signInWithEmailAndPassword,
  createUserWithEmailAndPassword: sdk.createUserWithEmailAndPassword,
  signInWithPopup: sdk.signInWithPopup,
  updateProfile: sdk.updateProfile,
  sendEmailVerification: sdk.sendEmailVerification,
  signOut: sdk.signOut,
  sendPasswordResetEmail: vi.fn<() => Promise<void>>(),
  confirmPasswordReset: vi.fn<() => Promise<void>>(),
  applyActionCode: vi.fn<() => Promise<void>>(),
}))
vi.mock('@/session/identity', () => ({ getIdentity: () => ({ name: 'auth' }) }))
vi.mock('@/session/user-record', () => ({ FALLBACK_NAME: 'Unknown User', saveUserRecord: sdk.saveUserRecord }))

const { signInWithGoogle, signInWithPassword, signUp } = await import('./identity-calls')

beforeEach(() => {
  sdk.events.length = 0
  sdk.providers.length = 0
  Object.assign(sdk.user, { email: 'ada@example.com', emailVerified: true, displayName: null })
})

describe('signInWithPassword (spec §5: sign-in requires a verified email)', () => {
  it('keeps a verified account signed in', async () => {
    expect(await signInWithPassword('ada@example.com', 'x')).toEqual({ kind: 'signed-in' })
    expect(sdk.events).toEqual(['signIn'])
  })

  it('signs an unverified account out again', async () => {
    sdk.user.emailVerified = false
    expect(await signInWithPassword('ada@example.com', 'x')).toEqual({ kind: 'unverified', email: 'ada@example.com' })
    expect(sdk.events).toEqual(['signIn', 'signOut'])
  })
})

describe('signUp (spec §4 Sign-up)', () => {
  it('creates, names, sends the verification email back to /auth, saves the record, then signs out', async () => {
    sdk.user.emailVerified = false
    await signUp({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Passw0rd!' })
    expect(sdk.events).toEqual(['create', 'updateProfile', 'sendVerification', 'saveRecord', 'signOut'])
    expect(sdk.updateProfile).toHaveBeenCalledWith(sdk.user, { displayName: 'Ada Lovelace' })
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(sdk.user, { url: `${window.location.origin}/auth` })
    expect(sdk.saveUserRecord).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Ada Lovelace' })
  })

  it('signs out even when a later step fails, and reports the failure', async () => {
    sdk.sendEmailVerification.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/network-request-failed' }))
    await expect(signUp({ name: 'Ada', email: 'ada@example.com', password: 'Passw0rd!' })).rejects.toMatchObject({
      code: 'auth/network-request-failed',
    })
    expect(sdk.events.at(-1)).toBe('signOut')
  })
})

describe('signInWithGoogle (spec §2, §4)', () => {
  it('asks Google for the account selection and saves the record with the display name', async () => {
    sdk.user.displayName = 'Ada Lovelace'
    await signInWithGoogle()
    expect(sdk.providers[0]?.params).toEqual({ prompt: 'select_account' })
    expect(sdk.saveUserRecord).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Ada Lovelace' })
  })

  it("saves 'Unknown User' when Google gives no name", async () => {
    await signInWithGoogle()
    expect(sdk.saveUserRecord).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Unknown User' })
  })
})
