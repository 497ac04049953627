import type { Session } from '@/session/session'

/** What the top bar's credits button shows (spec §2, §8; docs/decisions/0117). */
export type CreditsPill =
  /** Signed out: 'view plans'. */
  | { kind: 'plans' }
  /** Nobody known yet, or the balance is on its way. */
  | { kind: 'loading' }
  /** A balance; `offline` when the device is offline, so it may be out of date (the last one this device saw). */
  | { kind: 'balance'; credits: number; offline: boolean }
  /** Offline, and this device never saw a balance for this user. */
  | { kind: 'offline' }
  /** The server answered the record with an error (spec §8 'Error: {status} {statusText}'). */
  | { kind: 'problem'; status: number; statusText: string }

export function creditsPillOf(session: Session, online: boolean): CreditsPill {
  if (session.status === 'signed-out') return { kind: 'plans' }
  if (session.status === 'loading') return { kind: 'loading' }
  if (session.credits !== null) return { kind: 'balance', credits: session.credits, offline: !online }
  const error = session.recordError
  if (error !== undefined && error.status !== null) return { kind: 'problem', status: error.status, statusText: error.statusText }
  const noAnswer = error !== undefined || !online
  if (!noAnswer) return { kind: 'loading' }
  return session.lastKnownCredits === undefined ? { kind: 'offline' } : { kind: 'balance', credits: session.lastKnownCredits, offline: true }
}

/** spec §2: the balance to two decimals, or 0 when it is zero or negative. */
export function displayedCredits(balance: number, format: (value: number) => string): string {
  return balance > 0 ? format(balance) : '0'
}
