import { Hono } from 'hono'
import {
  accountDeletionRequestSchema,
  deletedAccountsRequestSchema,
  type AccountDeletionResponse,
  type DeletedAccountsResponse,
} from '../../contract/account.ts'
import { requireUser } from '../auth/middleware.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import type { MediaLinks } from '../media/links.ts'
import { requestAccountDeletion, runAccountDeletion, type AccountDeletionDeps } from '../privacy/account-deletion.ts'
import { exportAccountData } from '../privacy/data-export.ts'

// /api/account/v1 (docs/api.md "Account"): delete my account
// (docs/decisions/0260) and download my data (docs/decisions/0265), whose
// media links are signed media links served by GET /media/:key.

export interface AccountRoutesDeps {
  deletion: AccountDeletionDeps
  links: Pick<MediaLinks, 'sign'>
  /** The shared demo account (DEMO_ACCOUNT_EMAIL), which nobody may delete; null without one. */
  demoAccountEmail: string | null
  now?: () => Date
}

/**
 * How recent the sign-in behind a deletion must be: the identity SDK asks for
 * a fresh sign-in before deleting an account, and the server holds the token
 * to the same five minutes.
 */
export const RECENT_SIGN_IN_MS = 5 * 60_000

export function createAccountRoutes(deps: AccountRoutesDeps) {
  const now = deps.now ?? (() => new Date())
  const { db } = deps.deletion
  return (
    new Hono<AppEnv>()
      .post('/deletion', requireUser({ checkRevoked: true }), async (c) => {
        await jsonBody(c, accountDeletionRequestSchema)
        // Everyone who tries Actorly signs in to it with its published password (docs/decisions/0271).
        if (deps.demoAccountEmail !== null && c.var.user.email === deps.demoAccountEmail) {
          throw new ApiError(403, 'demo_account_protected', 'The demo account is shared and cannot be deleted')
        }
        if (now().getTime() - c.var.signedInAt * 1000 > RECENT_SIGN_IN_MS) {
          throw new ApiError(403, 'recent_sign_in_required', 'Sign in again to delete your account')
        }
        const { row, claimed } = await requestAccountDeletion(db, c.var.user, now())
        c.var.log.info({ userId: row.user_id, deletionId: row.id }, 'account deletion requested')
        const status = claimed ? await runAccountDeletion(deps.deletion, row) : 'pending'
        // This browser drops its HTTP cache of the account's media too; the app wipes its own storage.
        c.header('Clear-Site-Data', '"cache"')
        return c.json<AccountDeletionResponse>({ status }, status === 'done' ? 200 : 202)
      })
      // No token: the device may hold a deleted account's data long after its token stopped working.
      // It answers only for uids the caller names (random, never shown), so it lists nothing.
      .post('/deleted', async (c) => {
        const { uids } = await jsonBody(c, deletedAccountsRequestSchema)
        const rows = await db.selectFrom('account_deletions').select('firebase_uid').where('firebase_uid', 'in', uids).execute()
        return c.json<DeletedAccountsResponse>({ deleted: rows.map((row) => row.firebase_uid) })
      })
      .get('/export', requireUser({ checkRevoked: true }), async (c) => {
        const data = await exportAccountData(db, deps.links, { userId: c.var.user.id }, now())
        c.header('Content-Disposition', `attachment; filename="actorly-data-${data.exportedAt.slice(0, 10)}.json"`)
        c.header('Cache-Control', 'no-store')
        return c.json(data)
      })
  )
}
