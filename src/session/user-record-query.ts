import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query'
import { userRecordKey } from '@/api/server-state'
import type { UserRecord } from '@contract/users'
import type { RecordFetchError, SessionUser } from './session'

// The signed-in user's record as the app holds it (docs/decisions/0300): one query per
// account, fetched once and refetched when something says so. The record's client (ky,
// schemas) loads with the first fetch, so nobody signed out downloads it.

/** A failed record fetch, worded later in the user's language (spec §8). */
export class RecordFetchFailure extends Error {
  readonly failure: RecordFetchError

  constructor(failure: RecordFetchError) {
    super(`user record: ${String(failure.status)} ${failure.statusText}`)
    this.failure = failure
  }
}

async function fetchRecord(user: SessionUser): Promise<UserRecord> {
  const { fetchUserRecord, recordFetchError } = await import('./user-record')
  try {
    return await fetchUserRecord(user)
  } catch (error) {
    throw new RecordFetchFailure(recordFetchError(error))
  }
}

/** The record of `user` (nothing while no one is signed in), fresh until something says otherwise. */
export const userRecordQuery = (user: SessionUser | null) =>
  queryOptions<UserRecord, Error>({
    queryKey: [...userRecordKey(user?.uid ?? ''), user?.email ?? ''],
    queryFn: user === null ? skipToken : () => fetchRecord(user),
    // A purchase, a finished job or the user's Try again makes it stale.
    staleTime: Infinity,
  })

/**
 * Reads the record from the server now, after something changed the balance there (a
 * purchase): a fetch already on its way may have been answered before the change, so it
 * is dropped and a new one made. The top bar shows the answer too. Answers the new
 * balance, or null when the record could not be read (the last one stays shown).
 */
export async function readBalanceAgain(client: QueryClient, user: SessionUser): Promise<number | null> {
  const query = userRecordQuery(user)
  await client.cancelQueries({ queryKey: query.queryKey, exact: true })
  try {
    return (await client.fetchQuery({ ...query, staleTime: 0 })).credits
  } catch {
    return null
  }
}
