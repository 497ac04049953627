import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorCode } from '../../contract/errors.ts'

/** An error the API answers as `{ message, code }` with this status. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: ContentfulStatusCode
  readonly code: ApiErrorCode
  constructor(status: ContentfulStatusCode, code: ApiErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.status = status
    this.code = code
  }
}
