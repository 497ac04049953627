import { z } from 'zod'

// The account's own calls (docs/api.md "Account"): deleting it, downloading
// its data, and the retention figures the privacy page shows
// (docs/decisions/0260, 0263, 0265).

/** POST /api/account/v1/deletion: the app sends it after the user typed the word and signed in again. */
export const accountDeletionRequestSchema = z.object({ confirm: z.literal(true) })
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>

/** done: everything is gone; pending: the rest follows on its own (the identity is gone either way). */
export const accountDeletionResponseSchema = z.object({ status: z.enum(['done', 'pending']) })
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>

/**
 * POST /api/account/v1/deleted: which of these sign-in identities (Firebase
 * uids) belonged to a deleted account. A device asks for the accounts it holds
 * data of, and wipes those (docs/decisions/0260).
 */
export const deletedAccountsRequestSchema = z.object({ uids: z.array(z.string().min(1).max(128)).min(1).max(20) })
export type DeletedAccountsRequest = z.infer<typeof deletedAccountsRequestSchema>
export const deletedAccountsResponseSchema = z.object({ deleted: z.array(z.string()) })
export type DeletedAccountsResponse = z.infer<typeof deletedAccountsResponseSchema>

/** GET /api/privacy/v1/retention: the configured figures (docs/decisions/0263). */
export const retentionFiguresSchema = z.object({
  supportMonths: z.number().int().positive(),
  unusedUploadDays: z.number().int().positive(),
  accountDeletionDays: z.number().int().positive(),
})
export type RetentionFigures = z.infer<typeof retentionFiguresSchema>

const mediaLinkSchema = z.object({ name: z.string(), link: z.string() })

/** GET /api/account/v1/export: one JSON file (docs/decisions/0265). Credits are numbers as in spec §3. */
export const dataExportSchema = z.object({
  format: z.literal('actorly-data-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  /** Every media link in the file stops working at this time. */
  linksExpireAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: z.string(), credits: z.number() }),
  creditLedger: z.array(z.object({ at: z.string(), credits: z.number(), reason: z.string() })),
  purchases: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      tier: z.string(),
      amountUsd: z.number(),
      credits: z.number(),
      status: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      refundedUsd: z.number(),
    }),
  ),
  generations: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      createdAt: z.string(),
      prompt: z.string(),
      settings: z.unknown(),
      costCredits: z.number(),
      error: z.string().nullable(),
      /** A video job's result. */
      video: mediaLinkSchema.nullable(),
      /** A voice's result (kind `voice`): its audio, also listed among the uploads. */
      audio: mediaLinkSchema.nullable(),
      /** A captioned video's captions as WebVTT and SubRip. */
      captions: z.object({ vtt: mediaLinkSchema, srt: mediaLinkSchema }).nullable(),
    }),
  ),
  /** bytes is null for a file an older install stored before sizes were recorded. */
  uploads: z.array(mediaLinkSchema.extend({ contentType: z.string(), bytes: z.number().nullable(), uploadedAt: z.string() })),
  /**
   * What is known of the words in an audio (a voice's, or one timed by speech to
   * text for captions): `audio` names the upload, `timing` says where the times
   * came from (null while none are known).
   */
  transcripts: z.array(
    z.object({
      audio: z.string(),
      language: z.string(),
      seconds: z.number(),
      timing: z.string().nullable(),
      words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      sentAt: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      subject: z.string().nullable(),
      message: z.string(),
    }),
  ),
  bugReports: z.array(z.object({ id: z.string(), sentAt: z.string(), email: z.string().nullable(), message: z.string(), attachment: z.string().nullable() })),
  /** The developer API's keys, revoked ones too: names and dates, never a key (docs/decisions/0401). */
  apiKeys: z.array(
    z.object({
      name: z.string(),
      prefix: z.string(),
      scopes: z.array(z.string()),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  /** Webhook endpoints: addresses and dates, never the signing secrets. */
  webhookEndpoints: z.array(z.object({ url: z.string(), createdAt: z.string() })),
})
export type DataExport = z.infer<typeof dataExportSchema>
