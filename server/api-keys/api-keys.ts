import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { API_KEYS_PER_ACCOUNT } from '../../contract/constants.ts'
import type { ApiKeyView } from '../../contract/developer-settings.ts'
import { API_SCOPES, type ApiScope } from '../../contract/public-api/paths.ts'
import type { Database } from '../db/schema.ts'
import type { ApiKeysTable } from '../db/schema-developer.ts'
import { newKeySecret } from './key-secret.ts'

// A user's API keys (docs/decisions/0401): made with a name and scopes,
// listed while active, revoked for good. Nothing here keeps a key in memory:
// every request reads its row, so a revocation holds on every instance at once.

type KeyRow = Selectable<ApiKeysTable>

export class TooManyKeysError extends Error {
  override name = 'TooManyKeysError'
}

export function scopesOf(text: string): ApiScope[] {
  return API_SCOPES.filter((scope) => text.split(' ').includes(scope))
}

export function toKeyView(row: KeyRow): ApiKeyView {
  return { id: row.id, name: row.name, prefix: row.prefix, scopes: scopesOf(row.scopes), createdAt: row.created_at, lastUsedAt: row.last_used_at }
}

/** Makes a key; answers its view and the secret, which is never readable again. */
export async function createApiKey(
  db: Kysely<Database>,
  userId: string,
  request: { name: string; scopes: readonly ApiScope[] },
): Promise<{ key: ApiKeyView; secret: string }> {
  const made = newKeySecret()
  const row: KeyRow = {
    id: randomUUID(),
    user_id: userId,
    name: request.name,
    prefix: made.prefix,
    secret_hash: made.hash,
    scopes: request.scopes.join(' '),
    created_at: new Date().toISOString(),
    last_used_at: null,
    revoked_at: null,
  }
  await db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(active?.count ?? 0) >= API_KEYS_PER_ACCOUNT) throw new TooManyKeysError(`At most ${API_KEYS_PER_ACCOUNT} keys at once`)
    await trx.insertInto('api_keys').values(row).execute()
  })
  return { key: toKeyView(row), secret: made.secret }
}

/** The active keys, newest first. */
export async function listApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
  return rows.map(toKeyView)
}

/** Revokes one of the user's keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(db: Kysely<Database>, userId: string, keyId: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Every key of the account, revoked ones too, for its data export: names and dates, never a secret. */
export async function keysForExport(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('api_keys')
    .select(['name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }))
}
