import type { Kysely, Transaction } from 'kysely'
import { isPostgres } from '../db/dialect-of.ts'
import type { Database } from '../db/schema.ts'
import type { MediaOrigin } from '../db/schema-shared.ts'
import type { StoredObject } from './store.ts'

// The catalogue of stored media (table media_objects): which user each object
// belongs to. Serving to a signed-in owner, accepting a URL as a job input and
// deleting an account's media all read it (docs/decisions/0221).

export async function recordMedia(
  db: Kysely<Database> | Transaction<Database>,
  stored: StoredObject,
  owner: { userId: string; origin: MediaOrigin },
): Promise<void> {
  await db
    .insertInto('media_objects')
    .values({ key: stored.key, owner_user_id: owner.userId, origin: owner.origin, content_type: stored.type.contentType, bytes: stored.bytes })
    .execute()
}

/** recorded, or owner_gone: the owner deleted the account (or is deleting it) meanwhile, and nothing was recorded. */
export type UploadRecord = 'recorded' | 'owner_gone'

/**
 * Records an upload as its user's, only while the account stands: an upload
 * that finishes streaming after its owner asked to delete the account is
 * refused, so the caller removes the stored file (docs/decisions/0268). The
 * user's row is read with a share lock (PostgreSQL; SQLite's write transaction
 * holds the file), so a deletion request waits for this row and then finds it.
 */
export async function recordUpload(db: Kysely<Database>, stored: StoredObject, userId: string): Promise<UploadRecord> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('users')
      .select('_id')
      .where('_id', '=', userId)
      .where('deletion_requested_at', 'is', null)
      .$if(isPostgres(db), (qb) => qb.forShare())
      .executeTakeFirst()
    if (owner === undefined) return 'owner_gone'
    await recordMedia(trx, stored, { userId, origin: 'upload' })
    return 'recorded'
  })
}

/**
 * Records a job's finished file as its user's: a video or its caption files as
 * an output, a voice's audio as an upload (it is used like one, and goes like
 * one when no video uses it, docs/decisions/0232).
 */
export async function recordJobOutput(db: Kysely<Database>, stored: StoredObject, jobId: string, origin: MediaOrigin = 'output'): Promise<void> {
  const job = await db.selectFrom('generations').select('user_id').where('id', '=', jobId).executeTakeFirst()
  if (job === undefined) throw new Error(`No job ${jobId} to own the file ${stored.key}`)
  await recordMedia(db, stored, { userId: job.user_id, origin })
}

/** The owner's user id; null when the object is unknown or has no owner. */
export async function mediaOwner(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('media_objects').select('owner_user_id').where('key', '=', key).executeTakeFirst()
  return row?.owner_user_id ?? null
}

/** Every object of one user, newest first (account deletion and data export). */
export async function mediaOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<{ key: string; origin: MediaOrigin; contentType: string; bytes: number | null; createdAt: string }[]> {
  const rows = await db
    .selectFrom('media_objects')
    .select(['key', 'origin', 'content_type', 'bytes', 'created_at'])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({ key: row.key, origin: row.origin, contentType: row.content_type, bytes: row.bytes, createdAt: row.created_at }))
}

/**
 * Forgets an object (after MediaStore.delete), and what is known of it by its
 * key: an audio's timed words (speech_words) go with the audio. The catalogue
 * row goes last, so a step that fails is tried again from it.
 */
export async function forgetMedia(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('speech_words').where('audio_key', '=', key).execute()
  await db.deleteFrom('media_objects').where('key', '=', key).execute()
}

/** The catalogue as the media routes use it (tests may keep one in memory). */
export interface MediaCatalog {
  /** An upload of the user's (recordUpload). */
  record(stored: StoredObject, userId: string): Promise<UploadRecord>
  ownerOf(key: string): Promise<string | null>
}

export function createMediaCatalog(db: Kysely<Database>): MediaCatalog {
  return { record: (stored, userId) => recordUpload(db, stored, userId), ownerOf: (key) => mediaOwner(db, key) }
}
