import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { IdentityVerifier } from './identity.ts'

/** What requireUser needs: a token verifier and the database holding user records. */
export interface IdentityService {
  verifier: IdentityVerifier
  db: Kysely<Database>
}
