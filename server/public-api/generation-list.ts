import type { Kysely } from 'kysely'
import type { ListGenerationsQuery } from '../../contract/public-api/generations.ts'
import type { Database } from '../db/schema.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { ApiError } from '../http/errors.ts'
import { VIDEO_GENERATION_KINDS } from '../db/schema-generations.ts'
import { isVideoJob, JOB_KIND, type VideoJobRow } from '../domain/public-generation.ts'

// The list call's pages (docs/decisions/0400): newest first, by a cursor that
// names the last generation of the page before (its time and id), so a page
// neither repeats nor skips rows when new generations arrive meanwhile.

interface Position {
  createdAt: string
  id: string
}

export function encodeCursor(row: Pick<JobRow, 'created_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url')
}

function decodeCursor(cursor: string): Position {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string')
      return { createdAt: parsed[0], id: parsed[1] }
  } catch {
    // Answered below.
  }
  throw new ApiError(400, 'validation_failed', 'cursor: not a cursor this API gave out')
}

export async function listGenerations(
  db: Kysely<Database>,
  userId: string,
  query: ListGenerationsQuery,
): Promise<{ rows: VideoJobRow[]; nextCursor: string | null }> {
  let select = db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('kind', 'in', VIDEO_GENERATION_KINDS)
  if (query.kind !== undefined) select = select.where('kind', '=', JOB_KIND[query.kind])
  if (query.status !== undefined) select = select.where('status', '=', query.status)
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor)
    select = select.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]))
  }
  const rows = await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit).filter(isVideoJob)
  const last = page.at(-1)
  return { rows: page, nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last) : null }
}
