import type { Kysely } from 'kysely'
import type { ApiScope } from '../../contract/public-api/paths.ts'
import type { Database } from '../db/schema.ts'
import { scopesOf } from './api-keys.ts'
import { hashApiKey } from './key-secret.ts'

// Who a request's key acts for (docs/decisions/0401): read from the database
// on every request (one indexed read), so a key revoked on any instance is
// refused by all of them from that moment. A key acts as its owner; an
// account that is being or was deleted has no working keys.

/** How stale "last used" may get: at most one write a minute per key. */
const LAST_USED_STEP_MS = 60_000

export interface KeyOwner {
  keyId: string
  scopes: ApiScope[]
  user: { id: string; uid: string; email: string; name: string }
}

export type KeyLookup = { ok: true; owner: KeyOwner } | { ok: false; problem: 'unknown' | 'account_deleted' }

export async function findKeyOwner(db: Kysely<Database>, secret: string, now = new Date()): Promise<KeyLookup> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u._id', 'k.user_id')
    .select(['k.id', 'k.scopes', 'k.last_used_at', 'u._id as user_id', 'u.firebase_uid', 'u.email', 'u.name', 'u.deletion_requested_at'])
    .where('k.secret_hash', '=', hashApiKey(secret))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst()
  if (row === undefined || row.firebase_uid === null) return { ok: false, problem: 'unknown' }
  if (row.deletion_requested_at !== null) return { ok: false, problem: 'account_deleted' }
  if (row.last_used_at === null || Date.parse(row.last_used_at) <= now.getTime() - LAST_USED_STEP_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute()
  }
  return {
    ok: true,
    owner: { keyId: row.id, scopes: scopesOf(row.scopes), user: { id: row.user_id, uid: row.firebase_uid, email: row.email, name: row.name } },
  }
}
