import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Database, UsersTable } from '../db/schema.ts'
import { ACTIVE_GENERATION_STATUSES, VIDEO_GENERATION_KINDS } from '../db/schema-generations.ts'
import type { VerifiedIdentity } from '../identity/identity.ts'

// User records (spec §3: _id, email, name, credits, isCurrentlyGenerating).
// A record belongs to one Firebase uid; it is saved by POST /api/users/v1 after
// sign-up or Google sign-in (spec §4), possibly before the email is verified.

export type UserRow = Selectable<UsersTable>

export class EmailTakenError extends Error {
  override name = 'EmailTakenError'
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export function findUserByUid(db: Kysely<Database>, uid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('firebase_uid', '=', uid).executeTakeFirst()
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

/** Where user records live, and the identity service's word on whether an identity still exists. */
export interface UserDirectory {
  db: Kysely<Database>
  identityExists(uid: string): Promise<boolean>
}

/**
 * May a record bound to another identity move to this caller? Only when the
 * caller has verified the address, nobody asked to delete the record, and its
 * identity no longer exists (the identity account was re-created, e.g. the
 * emulator restarted: docs/decisions/0062). A live identity keeps its record
 * (docs/decisions/0266).
 */
async function mayRelink(directory: UserDirectory, record: UserRow, identity: VerifiedIdentity): Promise<boolean> {
  if (record.firebase_uid === null) return true
  if (!identity.emailVerified || record.deletion_requested_at !== null) return false
  return !(await directory.identityExists(record.firebase_uid))
}

/**
 * The caller's record. A record saved without a token (no uid yet) is linked to
 * the first identity with its email; one bound to another identity only as
 * mayRelink allows, so the same mailbox keeps its credits after its identity
 * account is re-created and nobody else's record ever moves.
 */
export async function findUserForIdentity(
  directory: UserDirectory,
  identity: VerifiedIdentity,
  /** The name the caller gives now (POST /api/users/v1); else the token's name claim. */
  callerName: string | null = null,
): Promise<UserRow | undefined> {
  const { db } = directory
  const byUid = await findUserByUid(db, identity.uid)
  if (byUid !== undefined || identity.email === null) return byUid
  const byEmail = await findUserByEmail(db, identity.email)
  if (byEmail === undefined || !(await mayRelink(directory, byEmail, identity))) return undefined
  // A pending record's name came from an anonymous caller, who may not own the
  // address: the account's own name replaces it when it has one (docs/decisions/0065).
  const name = byEmail.firebase_uid === null ? (callerName ?? (identity.name?.trim() || null) ?? byEmail.name) : byEmail.name
  // Conditional on the uid it had: two re-links at once cannot both move it.
  const moved = await db
    .updateTable('users')
    .set({ firebase_uid: identity.uid, name })
    .where('_id', '=', byEmail._id)
    .where((eb) => (byEmail.firebase_uid === null ? eb('firebase_uid', 'is', null) : eb('firebase_uid', '=', byEmail.firebase_uid)))
    .where('deletion_requested_at', 'is', null)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return findUserByUid(db, identity.uid)
  return { ...byEmail, firebase_uid: identity.uid, name }
}

/**
 * Idempotent create for a signed-in identity: the existing record when there
 * is one, else a new one with zero credits. An email owned by another uid is
 * only taken over when the caller has verified it.
 */
export async function saveUserRecord(directory: UserDirectory, identity: VerifiedIdentity & { email: string }, name: string): Promise<UserRow> {
  const { db } = directory
  const existing = await findUserForIdentity(directory, identity, name)
  if (existing !== undefined) return existing
  if ((await findUserByEmail(db, identity.email)) !== undefined) {
    throw new EmailTakenError('This email belongs to another account')
  }
  const row = {
    _id: randomUUID(),
    firebase_uid: identity.uid,
    email: normalizeEmail(identity.email),
    name,
    created_at: new Date().toISOString(),
  }
  // A concurrent duplicate request may insert first: then read what it wrote.
  await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute()
  const saved = await findUserByUid(db, identity.uid)
  if (saved === undefined) throw new EmailTakenError('This email belongs to another account')
  return saved
}

/**
 * Saves a record from an anonymous call (spec §7: the token is optional). It
 * carries no uid and no credits until a signed-in call with the same email
 * claims it; an existing email is left unchanged.
 */
export async function savePendingUserRecord(db: Kysely<Database>, email: string, name: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ _id: randomUUID(), firebase_uid: null, email: normalizeEmail(email), name, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * True while the user has a queued or running video (spec §3, §4). A voice
 * being made is no video: it blocks no video start (docs/decisions/0232).
 */
export async function isCurrentlyGenerating(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('generations')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', 'in', VIDEO_GENERATION_KINDS)
    .where('status', 'in', ACTIVE_GENERATION_STATUSES)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Hundredths as the API's credits number (spec §3: credits is a number). */
export const creditsFromHundredths = (hundredths: number): number => hundredths / 100
