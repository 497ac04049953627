import { Dexie, type EntityTable } from 'dexie'
import type { JobKind, JobParams } from './job-params'
import type { CaptionFiles } from '@contract/captions'
import { DATABASES } from './names'

// Every table this device keeps in IndexedDB (design card: "downloaded videos in
// IndexedDB via Dexie"; jobs resumed, docs/decisions/0131; the offline gallery, 0170),
// in the three databases of names.ts. Each is versioned here only: a new index or
// table is a new version, never an edit of an old one. Every row of the device
// database carries the Firebase uid of its owner so one person's data is never
// shown to another on a shared device (docs/decisions/0171). Only the device
// store's own modules (src/device) read and write these tables (docs/decisions/0310).

/** A started generation, written before its first poll (docs/decisions/0131). */
export interface PendingJob {
  requestId: string
  kind: JobKind
  params: JobParams
  /** Firebase uid of the owner. */
  uid: string
  /** The owner's user record _id (spec §3), sent with the calls. */
  userId: string
  /** Date.now() when the start call answered. */
  startedAt: number
  /** The demo account's calls and faster progress (spec §6). */
  demo: boolean
  /** What the polling tab shows while the job runs, so every tab shows the same (docs/decisions/0311). */
  progress?: JobProgress
  /** Set once the job ends, so every tab shows the outcome; removed when a screen has shown it. */
  outcome?: JobOutcome
}

/** What a running job's progress bar shows (spec §4 Generation). */
export interface JobProgress {
  /** Displayed percent, 0–99 while running. */
  percent: number
  /** spec §4: the 'hang tight' text while totalprogress is 0. */
  hangTight: boolean
}

/** How a job ended; a captioned lip sync brings its .vtt and .srt (docs/decisions/0234). */
export type JobOutcome = { status: 'completed'; outputUrl: string; captions?: CaptionFiles } | { status: 'failed'; error: string }

/** The last fetched page of a gallery tab (docs/decisions/0170). */
export interface GalleryPageRow {
  uid: string
  tab: 'ugc' | 'lipsync' | 'minmax'
  page: number
  /** The server's answer as received (contract/gallery.ts). */
  answer: unknown
  fetchedAt: number
}

/** What is known of a video kept on the device (spec §2 Download); its bytes are in keptVideoChunks. */
interface KeptVideoInfo {
  uid: string
  /** The video's URL as the server gives it; the service worker answers it from here offline. */
  videoUrl: string
  videoId: string
  /** The MIME type the bytes were served with. */
  type: string
  size: number
  savedAt: number
}

/**
 * A kept video whose bytes are ArrayBuffer chunks of `chunkSize` bytes
 * (docs/decisions/0241: WebKit refuses Blobs in IndexedDB in private and
 * automated sessions). Reading a range reads only the chunks it covers.
 */
export interface ChunkedKeptVideo extends KeptVideoInfo {
  chunkSize: number
  chunkCount: number
  blob?: undefined
}

/** A row kept before decision 0241, with its bytes as one Blob, until migrateKeptVideos converts it. */
export interface BlobKeptVideo extends KeptVideoInfo {
  blob: Blob
  chunkSize?: undefined
  chunkCount?: undefined
}

export type KeptVideo = ChunkedKeptVideo | BlobKeptVideo

/** One piece of a kept video's bytes: [uid, videoUrl, index] in order make the whole file. */
export interface KeptVideoChunk {
  uid: string
  videoUrl: string
  index: number
  bytes: ArrayBuffer
}

/**
 * The poster frame of a kept video (docs/decisions/0165), so its gallery tile
 * shows offline too. Keyed by its link without the signature, like the video.
 */
export interface KeptPoster {
  uid: string
  /** The poster's identity (src/device/media-identity.ts); the service worker answers its links from here. */
  posterUrl: string
  /** The identity of the kept video it belongs to: removed with it. */
  videoUrl: string
  type: string
  bytes: ArrayBuffer
}

export type DeviceDb = Dexie & {
  jobs: EntityTable<PendingJob, 'requestId'>
  galleryPages: Dexie.Table<GalleryPageRow, [string, string, number]>
  keptVideos: Dexie.Table<KeptVideo, [string, string]>
  keptVideoChunks: Dexie.Table<KeptVideoChunk, [string, string, number]>
  keptPosters: Dexie.Table<KeptPoster, [string, string]>
}

export function openDeviceDb(name: string = DATABASES.device): DeviceDb {
  const db = new Dexie(name) as DeviceDb
  db.version(1).stores({
    jobs: 'requestId, uid',
    galleryPages: '[uid+tab+page], uid',
    keptVideos: '[uid+videoUrl], uid, videoUrl, savedAt',
  })
  // Kept videos' bytes as chunks (decision 0241); rows of version 1 keep their Blob until migrated.
  db.version(2).stores({
    keptVideoChunks: '[uid+videoUrl+index]',
  })
  // Kept videos' poster frames (decision 0165): found by their own link, removed with their video.
  db.version(3).stores({
    keptPosters: '[uid+posterUrl], uid, posterUrl, [uid+videoUrl]',
  })
  return db
}

/** The device database, for the app and the service worker alike (a handle opens on its first query). */
export const deviceDb: DeviceDb = openDeviceDb()

/** A finished video nobody has seen yet on this device (the app badge, docs/decisions/0281). */
export interface UnseenVideoRow {
  requestId: string
  finishedAt: number
}

/**
 * A database of one table, for a handoff between the service worker and the page that
 * needs no version of the device database (docs/decisions/0172).
 */
function oneTable<Row, Key>(database: string, table: string, primaryKey: string): Dexie.Table<Row, Key> {
  const db = new Dexie(database)
  db.version(1).stores({ [table]: primaryKey })
  return db.table<Row, Key>(table)
}

/** The app badge's unseen videos: the service worker counts into it while no window shows the app. */
export const unseenVideos = oneTable<UnseenVideoRow, string>(DATABASES.unseen, 'videos', 'requestId')

/**
 * A file shared to the app, its bytes as an ArrayBuffer: WebKit refuses Blobs in
 * IndexedDB in private and automated sessions (decision 0241). A row written before
 * kept a Blob in `file`; it is still read until it ages out.
 */
export type SharedFileRow = { id: 'latest'; name: string; type: string; sharedAt: number } & (
  { bytes: ArrayBuffer; file?: undefined } | { file: Blob; bytes?: undefined }
)

/** The share handoff: one short-lived row, not user data. */
export const sharedFiles = oneTable<SharedFileRow, 'latest'>(DATABASES.share, 'sharedFiles', 'id')
