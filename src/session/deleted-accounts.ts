import { deletedAccountsResponseSchema } from '@contract/account'

/** Which of these accounts the server says were deleted (docs/decisions/0260); none when it cannot be asked. */
export async function deletedAmong(uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return []
  try {
    // No token: the question is about accounts whose tokens may be long dead. The server answers
    // at most 20 at a time: more than that on one device is not a real case.
    const response = await fetch('/api/account/v1/deleted', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uids: uids.slice(0, 20) }),
    })
    if (!response.ok) return []
    return deletedAccountsResponseSchema.parse(await response.json()).deleted
  } catch {
    return []
  }
}
