import { z } from 'zod'
import { RETENTION_DEFAULTS } from '../../contract/constants.ts'
import { ConfigError, optionalText, type ConfigBlock } from './shared.ts'

// Privacy settings (docs/operations/configuration.md): where support mail goes
// and how long data is kept (docs/decisions/0263, 0264). The retention figures
// are the privacy page's promises (spec §2 Privacy); the page shows the
// configured ones. One block of the server's environment schema. A data
// export's links are media links, signed with MEDIA_SIGNING_SECRET
// (server/config/media.ts, docs/decisions/0265).

const retentionFigure = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback)

export const privacyEnv = {
  /** smtp://user:pass@host:587 or smtps://…:465; unset: support messages are printed to the log. */
  SMTP_URL: optionalText.pipe(z.union([z.null(), z.url({ protocol: /^smtps?$/ })])),
  SUPPORT_EMAIL: z.email().default('support@actorly.app'),
  /** The sender of support mail; defaults to the support address (the mailbox writes to itself). */
  MAIL_FROM: optionalText.pipe(z.union([z.null(), z.email()])),
  RETENTION_SUPPORT_MONTHS: retentionFigure(RETENTION_DEFAULTS.supportMonths),
  RETENTION_UNUSED_UPLOAD_DAYS: retentionFigure(RETENTION_DEFAULTS.unusedUploadDays),
  ACCOUNT_DELETION_DAYS: retentionFigure(RETENTION_DEFAULTS.accountDeletionDays),
}

export interface RetentionConfig {
  /** Contact messages and bug reports are deleted this many months after they arrived. */
  supportMonths: number
  /** An upload no generation refers to is deleted this many days after it was uploaded. */
  unusedUploadDays: number
  /** A deleted account is gone within this many days, its deletion record included. */
  accountDeletionDays: number
}

export interface PrivacyConfig {
  /** null: support mail is printed to the log (the embedded default). */
  smtpUrl: string | null
  supportEmail: string
  mailFrom: string
  retention: RetentionConfig
}

export const privacyConfig: ConfigBlock<typeof privacyEnv, PrivacyConfig> = (env, { isProduction }) => {
  // Messages that only reach a log reach nobody (docs/decisions/0264).
  if (isProduction && env.SMTP_URL === null) {
    throw new ConfigError('Refusing to start: NODE_ENV=production needs SMTP_URL so support messages reach the support mailbox.')
  }
  return {
    smtpUrl: env.SMTP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    mailFrom: env.MAIL_FROM ?? env.SUPPORT_EMAIL,
    retention: {
      supportMonths: env.RETENTION_SUPPORT_MONTHS,
      unusedUploadDays: env.RETENTION_UNUSED_UPLOAD_DAYS,
      accountDeletionDays: env.ACCOUNT_DELETION_DAYS,
    },
  }
}
