// The device's database names: their own module, so code can ask whether one exists
// without loading Dexie (./database-exists.ts).

/** The device database (./device-db.ts). */
export const DEVICE_DB_NAME = 'actorly'

/** The app badge's count of unseen videos (src/device/unseen-videos.ts), shared with the service worker. */
export const UNSEEN_DB_NAME = 'actorly-unseen'
