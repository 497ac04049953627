import { STORAGE_KEYS } from '@/device/names'
import { readStored, removeStored, writeStored } from '@/device/web-storage'

// A note on this device that someone is signed in here: the uid of the last
// session, written when the identity service reports a user and removed when it
// reports none (sign-out clears it with the rest of the stored session). It lets a
// screen start in the state it will most likely end in: a visitor without it is
// shown the signed-out screen at once, without waiting for the identity SDK, so
// nothing moves when the session resolves; and the landing loads the identity SDK
// only for someone it can show something to (docs/decisions/0203).

export function readSessionHint(): string | null {
  return readStored(STORAGE_KEYS.sessionHint)
}

/** Refused storage: screens start as loading, as before. */
export function rememberSessionHint(uid: string): void {
  writeStored(STORAGE_KEYS.sessionHint, uid)
}

export function forgetSessionHint(): void {
  removeStored(STORAGE_KEYS.sessionHint)
}
