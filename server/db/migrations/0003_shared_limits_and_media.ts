import { sql, type Kysely } from 'kysely'
import { isoNowDefault } from './helpers.ts'
import type { Migration } from './migration.ts'

// What several API instances must share (docs/decisions/0220–0223): the
// anonymous-form rate-limit buckets and the catalogue of stored media with
// their owners. Job rows of older installs named media by absolute public URL
// (`https://host/media/<uuid>.<ext>`); they are rewritten to the store's
// reference `/media/<key>`, and every file a job names is recorded as its
// user's. A file no job names had no recorded owner and stays served to nobody.

/** The stored types as of this migration (frozen here: the media code may grow). */
const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}
const OWN_MEDIA_URL = new RegExp(
  `^(?:https?://[^/?#]+)?/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(CONTENT_TYPES).join('|')}))(?:[?#].*)?$`,
)

interface LegacyRow {
  id: string
  user_id: string
  params: string
  output_url: string | null
  thumbnail_url: string | null
}

/** The store key an older install's media URL names, or null for any other URL. */
function keyOf(url: unknown): { key: string; contentType: string } | null {
  if (typeof url !== 'string') return null
  const match = OWN_MEDIA_URL.exec(url)
  const contentType = match?.[2] === undefined ? undefined : CONTENT_TYPES[match[2]]
  return match?.[1] === undefined || contentType === undefined ? null : { key: match[1], contentType }
}

async function recordOwner(db: Kysely<unknown>, found: { key: string; contentType: string }, owner: string, origin: 'upload' | 'output'): Promise<void> {
  await sql`insert into media_objects (key, owner_user_id, origin, content_type, bytes) values (${found.key}, ${owner}, ${origin}, ${found.contentType}, null)
            on conflict (key) do nothing`.execute(db)
}

async function rewriteLegacyRow(db: Kysely<unknown>, row: LegacyRow): Promise<void> {
  const output = keyOf(row.output_url)
  const thumbnail = keyOf(row.thumbnail_url)
  for (const found of [output, thumbnail]) if (found !== null) await recordOwner(db, found, row.user_id, 'output')
  let params: unknown
  try {
    params = JSON.parse(row.params)
  } catch {
    params = null
  }
  const input = typeof params === 'object' && params !== null && 'input' in params ? params.input : null
  let paramsChanged = false
  if (typeof input === 'object' && input !== null) {
    for (const field of ['videoUrl', 'audioUrl', 'imageUrl']) {
      const found = field in input ? keyOf(Reflect.get(input, field)) : null
      if (found === null) continue
      await recordOwner(db, found, row.user_id, 'upload')
      Reflect.set(input, field, `/media/${found.key}`)
      paramsChanged = true
    }
  }
  await sql`update generations set
      output_url = ${output === null ? row.output_url : `/media/${output.key}`},
      thumbnail_url = ${thumbnail === null ? row.thumbnail_url : `/media/${thumbnail.key}`},
      params = ${paramsChanged ? JSON.stringify(params) : row.params}
    where id = ${row.id}`.execute(db)
}

export const migration0003SharedLimitsAndMedia: Migration = {
  name: '0003_shared_limits_and_media',
  async up(db, dialect) {
    await db.schema
      .createTable('form_rate_limits')
      .addColumn('client_key', 'text', (c) => c.primaryKey())
      .addColumn('tokens', 'double precision', (c) => c.notNull())
      .addColumn('updated_ms', 'double precision', (c) => c.notNull())
      .addColumn('allowed', 'integer', (c) => c.notNull())
      .execute()
    // The sweep forgets buckets that have refilled (oldest first).
    await db.schema.createIndex('form_rate_limits_updated').on('form_rate_limits').column('updated_ms').execute()

    await db.schema
      .createTable('media_objects')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('owner_user_id', 'text', (c) => c.references('users._id'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(dialect)))
      .addCheckConstraint('media_objects_origin', sql`origin in ('upload', 'output')`)
      .execute()
    // Account deletion and export list one user's media.
    await db.schema.createIndex('media_objects_owner').on('media_objects').columns(['owner_user_id', 'created_at']).execute()

    const rows = await sql<LegacyRow>`select id, user_id, params, output_url, thumbnail_url from generations order by created_at, id`.execute(db)
    for (const row of rows.rows) await rewriteLegacyRow(db, row)
  },
}
