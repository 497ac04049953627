import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { forgetMedia, mediaOfUser } from '../media/catalog.ts'
import type { MediaStore } from '../media/store.ts'

// An account's stored media as account deletion and retention see them: the
// media catalogue (media_objects, server/media/catalog.ts) says which objects
// are whose, the store deletes them. The data export's links are ordinary
// signed media links (MediaLinks.sign, docs/decisions/0221, 0265).

/** What deleting media needs of the store; tests hand in one that fails. */
export type MediaDeleter = Pick<MediaStore, 'delete'>

/**
 * Deletes one object, then forgets it. In this order: a catalogue row whose
 * object is gone is served to nobody and is tried again; an object without
 * its row would never go.
 */
export async function deleteMedia(db: Kysely<Database>, store: MediaDeleter, key: string): Promise<void> {
  await store.delete(key)
  await forgetMedia(db, key)
}

/** Deletes and forgets every object the user owns (uploads and videos); answers how many. */
export async function deleteMediaOfUser(db: Kysely<Database>, store: MediaDeleter, userId: string): Promise<number> {
  const objects = await mediaOfUser(db, userId)
  for (const { key } of objects) await deleteMedia(db, store, key)
  return objects.length
}
