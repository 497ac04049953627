import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { pino, type Logger } from 'pino'
import type { AppEnv } from '../http/env.ts'
import { handleError } from '../http/error-handler.ts'
import { ApiError } from '../http/errors.ts'
import { createMediaRoutes, type MediaRoutesDeps } from '../routes/media.ts'
import type { MediaCatalog } from '../media/catalog.ts'
import { createMediaLinks, type MediaLinks } from '../media/links.ts'
import type { MediaStore } from '../media/store.ts'

// The media routes (server/routes/media.ts) in a bare app for route tests:
// two fixed users by token ("alice", "bob"; anything else is 401) and a
// catalogue in memory. The store is the test's own (disk or Cloud Storage).

export const TEST_USERS = {
  alice: { id: 'user-alice', uid: 'uid-alice', email: 'alice@example.com', name: 'Alice' },
  bob: { id: 'user-bob', uid: 'uid-bob', email: 'bob@example.com', name: 'Bob' },
} as const

function userOf(authorization: string | undefined) {
  if (authorization === 'Bearer alice') return TEST_USERS.alice
  if (authorization === 'Bearer bob') return TEST_USERS.bob
  return null
}

const testUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = userOf(c.req.header('authorization'))
  if (user === null) throw new ApiError(401, 'missing_token', 'Sign in first')
  c.set('user', user)
  await next()
})

export function memoryCatalog(): MediaCatalog & { owners: Map<string, string> } {
  const owners = new Map<string, string>()
  return {
    owners,
    async record(stored, userId) {
      owners.set(stored.key, userId)
      return 'recorded'
    },
    async ownerOf(key) {
      return owners.get(key) ?? null
    },
  }
}

export interface MediaTestApp {
  app: Hono<AppEnv>
  links: MediaLinks
  catalog: ReturnType<typeof memoryCatalog>
}

export function createMediaTestApp(
  store: MediaStore,
  options: { origin?: string; log?: Logger; now?: () => number; fetchRemoteToFile?: MediaRoutesDeps['fetchRemoteToFile'] } = {},
): MediaTestApp {
  const links = createMediaLinks({
    secret: 'media-test-app-signing-secret-0123456789abcdef',
    publicOrigin: options.origin ?? 'http://127.0.0.1:8720',
    ttlSeconds: 3600,
    ...(options.now === undefined ? {} : { now: options.now }),
  })
  const catalog = memoryCatalog()
  const log = options.log ?? pino({ level: 'silent' })
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('log', log)
    await next()
  })
  app.onError(handleError)
  app.route(
    '/',
    createMediaRoutes({
      store,
      catalog,
      links,
      requireUser: testUser,
      optionalUserId: async (c) => {
        const header = c.req.header('authorization')
        if (header === undefined) return null
        const user = userOf(header)
        if (user === null) throw new ApiError(401, 'invalid_token', 'Unable to verify user credentials. Please try again.')
        return user.id
      },
      ...(options.fetchRemoteToFile === undefined ? {} : { fetchRemoteToFile: options.fetchRemoteToFile }),
    }),
  )
  return { app, links, catalog }
}
