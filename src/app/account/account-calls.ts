import { isHTTPError } from 'ky'
import { accountDeletionResponseSchema } from '@contract/account'
import { apiErrorBodySchema } from '@contract/errors'
import { api } from '@/api/http'
import { saveFile } from '@/device/download-video'

// The account menu's calls (docs/api.md "Account"): delete the account
// (docs/decisions/0260) and download its data (docs/decisions/0265).

/**
 * deleted: the server has it (the rest of the deletion may follow on its own); sign-in-again: the sign-in is
 * not recent; demo-account: the shared demo account, which nobody may delete (docs/decisions/0271).
 */
export type DeletionOutcome = 'deleted' | 'sign-in-again' | 'demo-account' | 'failed'

/** The `{ message, code }` code of a refused call (ky has read the body into `data`). */
function errorCodeOf(error: unknown): string | null {
  if (!isHTTPError(error)) return null
  const body = apiErrorBodySchema.safeParse(error.data)
  return body.success ? body.data.code : null
}

export async function deleteMyAccount(): Promise<DeletionOutcome> {
  try {
    accountDeletionResponseSchema.parse(await api.post('api/account/v1/deletion', { json: { confirm: true } }).json())
    return 'deleted'
  } catch (error) {
    const code = errorCodeOf(error)
    // A retry after a first attempt that the server took but whose answer was lost.
    if (code === 'account_deleted') return 'deleted'
    if (code === 'recent_sign_in_required') return 'sign-in-again'
    if (code === 'demo_account_protected') return 'demo-account'
    return 'failed'
  }
}

const DEFAULT_FILE_NAME = 'actorly-data.json'

/** The file name the server gives the data file (Content-Disposition), or a plain default. */
export function fileNameOf(disposition: string | null): string {
  const match = /filename="([\w.-]+)"/.exec(disposition ?? '')
  return match?.[1] ?? DEFAULT_FILE_NAME
}

/** Saves the data file; false when it could not be fetched. */
export async function downloadMyData(): Promise<boolean> {
  try {
    const response = await api.get('api/account/v1/export')
    saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition')))
    return true
  } catch {
    return false
  }
}
