import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { IdentityVerifier } from './identity.ts'

/** Whether a sign-in identity still exists at the identity service (server/identity/identity-admin.ts). */
export type IdentityExists = (uid: string) => Promise<boolean>

/** What requireUser needs: a token verifier, the database holding user records, and the identity service's word on an identity. */
export interface IdentityService {
  verifier: IdentityVerifier
  db: Kysely<Database>
  identityExists: IdentityExists
}
