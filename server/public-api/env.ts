import type { KeyOwner } from '../api-keys/key-owner.ts'
import type { AppEnv } from '../http/env.ts'

/** The developer API's routes: the app's variables, `user` set from the key's owner, and the key itself. */
export interface PublicApiEnv {
  Variables: AppEnv['Variables'] & { apiKey: KeyOwner }
}
