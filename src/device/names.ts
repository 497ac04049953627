import { LOCALE_COOKIE } from '@contract/locale'

// Every name under which this browser keeps something of Actorly's
// (docs/decisions/0310): the IndexedDB databases, whose tables device-db.ts
// declares, and the Web Storage keys. Nothing else in the app names a
// database or a key. Free of Dexie, so a screen can ask whether a database
// exists (database-exists.ts) or read a key before the library loads.

/** The IndexedDB databases (their tables: device-db.ts). */
export const DATABASES = {
  /** Jobs, saved gallery pages, kept videos with their chunks and posters; every row carries its owner's uid. */
  device: 'actorly',
  /** The app badge's unseen finished videos, shared with the service worker (docs/decisions/0281). */
  unseen: 'actorly-unseen',
  /** A file shared to the app, waiting for the lip-sync step (docs/decisions/0172). */
  share: 'actorly-share',
} as const

/** The localStorage keys. */
export const STORAGE_KEYS = {
  /** The chosen language: a device setting, named as the cookie that carries it to the server (docs/decisions/0201). */
  locale: LOCALE_COOKIE,
  /** The iOS install hint, once dismissed, stays dismissed for everyone on this device. */
  iosHintDismissed: 'actorly.iosInstallHintDismissed',
  /** The uid of the last session, so a screen starts in the state it will most likely end in (docs/decisions/0203). */
  sessionHint: 'actorly.signedIn',
  /** The last balance the server gave the signed-in user, shown offline (docs/decisions/0117). */
  lastBalance: 'actorly.lastBalance',
  /** The language and endpoint last sent with this device's push subscription (docs/decisions/0280). */
  pushSent: 'actorly.pushSent',
} as const

/**
 * Where the identity SDK (Firebase Auth) keeps its signed-in user: its own names, written
 * by the SDK; the app only looks (persisted-identity.ts) and a sign-out or a
 * deleted account clears them through the SDK.
 */
export const IDENTITY_SDK_STORAGE = {
  database: 'firebaseLocalStorageDb',
  store: 'firebaseLocalStorage',
  /** Its localStorage keys, where IndexedDB is refused, and its IndexedDB keys begin so. */
  userKeyPrefix: 'firebase:authUser:',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/**
 * The device's settings: not part of anyone's session, so a sign-out keeps them
 * (spec §4: "Sign-out clears the stored session from session and local storage").
 */
export const DEVICE_SETTINGS: ReadonlySet<string> = new Set<StorageKey>([STORAGE_KEYS.locale, STORAGE_KEYS.iosHintDismissed])
