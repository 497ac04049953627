import type { Hono } from 'hono'
import { CAPTION_CUES_LIMIT, CAPTION_PREVIEW_LIMIT } from '../../contract/constants.ts'
import { optionalUser, requireUser } from '../auth/middleware.ts'
import type { CaptionService } from '../domain/captions.ts'
import type { GenerationService } from '../domain/generations.ts'
import type { StripeGateway } from '../domain/stripe-gateway.ts'
import type { AppEnv } from '../http/env.ts'
import { createRateLimiter } from '../http/rate-limit.ts'
import { createMediaCatalog } from '../media/catalog.ts'
import { createFalWebhookVerifier } from '../providers/fal/webhook-signature.ts'
import { createPublicApi } from '../public-api/public-api.ts'
import { createAccountRoutes } from '../routes/account.ts'
import { createApiKeyRoutes } from '../routes/api-keys.ts'
import { createBugReportRoutes } from '../routes/bug-reports.ts'
import { createCaptionRoutes } from '../routes/captions.ts'
import { createLocalCheckoutRoutes } from '../routes/checkout.ts'
import { createGenerationMedia } from '../routes/fal-media.ts'
import { createFalWebhookRoutes } from '../routes/fal-webhook.ts'
import { createFalRoutes } from '../routes/fal.ts'
import { createHealthRoutes } from '../routes/health.ts'
import { createJobEventRoutes } from '../routes/job-events.ts'
import { createMediaRoutes, createMediaUploader } from '../routes/media.ts'
import { createMessageRoutes } from '../routes/messages.ts'
import { createPaymentRoutes } from '../routes/payments.ts'
import { createPrivacyRoutes } from '../routes/privacy.ts'
import { createPushRoutes } from '../routes/push.ts'
import { createUserRoutes } from '../routes/users.ts'
import { createVoiceRoutes } from '../routes/voice.ts'
import { createWebhookEndpointRoutes } from '../routes/webhook-endpoints.ts'
import { webhookTargets } from '../webhooks/endpoint-policy.ts'
import type { Core } from './core.ts'

// The route table: every resource of the API at its path (spec §7 and
// docs/api.md), in the one place an API instance mounts them
// (./http-app.ts). A route file translates HTTP to domain calls; what it needs
// is handed to it here.

export interface Route {
  path: string
  routes: Hono<AppEnv>
}

export interface RouteParts {
  core: Core
  generations: GenerationService
  captions: CaptionService
  /** null runs the local test-mode checkout instead of Stripe. */
  stripe: StripeGateway | null
  /** Aborted at shutdown: the open event streams end, so the HTTP server can close. */
  closing: AbortSignal
}

export function routeTable({ core, generations, captions, stripe, closing }: RouteParts): Route[] {
  const { config } = core
  const { db, dialect } = core.database
  const { links, store } = core.media
  // One bucket set for the forms, per visitor's address and per signed-in account, shared by every instance (docs/decisions/0064, 0223, 0271).
  const formLimiter = createRateLimiter({ ...config.forms, trustProxy: config.trustProxy, db, dialect })
  // Input URLs checked and kept as references; answers signed (routes/fal-media.ts).
  const media = createGenerationMedia({ db, links })
  const catalog = createMediaCatalog(db)
  // The caption calls' limits per account, wherever it calls from; trustProxy is moot for takeForUser.
  const captionLimits = {
    cues: createRateLimiter({ ...CAPTION_CUES_LIMIT, db, dialect, trustProxy: false, scope: 'caption-cues' }),
    preview: createRateLimiter({ ...CAPTION_PREVIEW_LIMIT, db, dialect, trustProxy: false, scope: 'caption-preview' }),
  }
  const { push } = core
  return [
    { path: '/api/health', routes: createHealthRoutes({ db }) },
    { path: '/api/users/v1', routes: createUserRoutes({ db, anonymousLimiter: formLimiter }) },
    { path: '/api/payment/v1', routes: createPaymentRoutes({ db, config, stripe }) },
    { path: '/api/messages/v1', routes: createMessageRoutes({ db, formLimiter }) },
    { path: '/api/bug-reports/v1', routes: createBugReportRoutes({ db, formLimiter }) },
    ...(stripe === null ? [{ path: '/checkout', routes: createLocalCheckoutRoutes({ db }) }] : []),
    { path: '/api/fal/v1', routes: createFalRoutes({ generations, demoAccountEmail: config.demoAccountEmail, media }) },
    // Beyond the spec: a voice from a script and captions (docs/decisions/0232, 0234).
    {
      path: '/api/fal/v1',
      routes: createVoiceRoutes({
        db,
        generations,
        links,
        samples: core.providers.voiceSamples,
        maker: core.providers.active.name === 'local' ? 'local' : 'ai',
      }),
    },
    { path: '/api/fal/v1', routes: createCaptionRoutes({ captions, media, limits: captionLimits }) },
    { path: '/api/fal/v1', routes: createFalWebhookRoutes({ db, verifier: createFalWebhookVerifier({ jwksUrl: config.falWebhook.jwksUrl }) }) },
    { path: '/api/fal/v1', routes: createJobEventRoutes({ db, feed: core.feed, closing, presentStatus: media.status }) },
    // The media calls carry their full paths (/api/media/v1/upload, /api/media/v1/fetch, /media/:key).
    {
      path: '/',
      routes: createMediaRoutes({
        store,
        catalog,
        links,
        requireUser: requireUser(),
        optionalUserId: async (c) => (await optionalUser(c))?.id ?? null,
      }),
    },
    { path: '/api/account/v1', routes: createAccountRoutes({ deletion: core.accountDeletion, links, demoAccountEmail: config.demoAccountEmail }) },
    { path: '/api/privacy/v1', routes: createPrivacyRoutes(config.privacy) },
    ...(push === null
      ? []
      : [
          {
            path: '/api/push/v1',
            routes: createPushRoutes({
              db,
              publicKey: push.publicKey,
              endpoints: push.endpoints,
              subscribeLimiter: createRateLimiter({ ...push.subscribeLimit, scope: 'push-subscribe', trustProxy: config.trustProxy, db, dialect }),
            }),
          },
        ]),
    // The developer API on the app's own generation service, media and ledger, and the Account screen's calls for keys and webhook endpoints (docs/decisions/0400).
    {
      path: '/api/public/v1',
      routes: createPublicApi({
        db,
        rateLimitStore: { db, dialect },
        rateLimit: config.developerApi.rateLimit,
        generations,
        links,
        uploader: createMediaUploader({ store, catalog, links }),
        publicOrigin: config.publicOrigin,
      }),
    },
    { path: '/api/developers/v1/keys', routes: createApiKeyRoutes({ db }) },
    { path: '/api/developers/v1/webhooks', routes: createWebhookEndpointRoutes({ db, targets: webhookTargets(config.developerApi.webhooks) }) },
  ]
}
