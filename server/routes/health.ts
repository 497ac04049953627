import { sql } from 'kysely'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'

/** GET /api/health: the process is up and the database answers. */
export function createHealthRoutes(deps: { db: Kysely<Database> }) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await sql`select 1`.execute(deps.db)
      return c.json({ status: 'ok', database: 'ok' })
    } catch (error) {
      c.var.log.error({ err: error }, 'health check: database unreachable')
      return c.json({ status: 'degraded', database: 'unreachable' }, 503)
    }
  })
}
