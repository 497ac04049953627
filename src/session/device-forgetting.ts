// What the session asks of the device it runs on (docs/decisions/0310). The session
// decides when something is forgotten: every sign-out (its own, a refused token, the
// identity service's) and every account found deleted. What is forgotten is the app's
// to say, and the app hands it in (src/app/this-device.ts): the device store's tables
// and keys, this device's push subscription. Nothing registers itself on import.
export interface DeviceForgetting {
  /** After every sign-out. Clears the stored session (Web Storage) before it returns its promise; never rejects. */
  forgetSignedOut(): Promise<void>
  /** An account was deleted: nothing of it stays on this device (docs/decisions/0260). */
  forgetUser(uid: string): Promise<void>
  /** Every account this device holds anything of, to ask the server which were deleted. */
  accountsOnDevice(): Promise<string[]>
}
