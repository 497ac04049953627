import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

// Which stored file each user uploaded (server/routes/media.ts tells us), so
// deleting an account deletes its uploads and retention deletes the ones no
// job refers to (docs/decisions/0263).

export async function recordUpload(db: Kysely<Database>, upload: { name: string; userId: string; kind: string; bytes: number }, now = new Date()): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ name: upload.name, user_id: upload.userId, kind: upload.kind, bytes: upload.bytes, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}
