import { z } from 'zod'

// spec §3 contact and bug-report payloads, §7 POST /api/messages/v1/new and
// /api/bug-reports/v1/new, §5 validation. `website` is a honeypot field the
// app renders hidden: people leave it empty, form-filling bots do not.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v))

const honeypot = z.string().max(500).nullish()

/** spec §5: message required; email required and valid for signed-out visitors (checked by the server). */
export const contactRequestSchema = z.object({
  userId: z.string().nullish(),
  userName: optionalText(200),
  email: optionalText(320),
  type: z.literal('contact').default('contact'),
  subject: optionalText(300),
  message: z.string().trim().min(1, 'Message is required').max(10_000),
  website: honeypot,
})
export type ContactRequest = z.input<typeof contactRequestSchema>

export const bugReportRequestSchema = z.object({
  userId: z.string().nullish(),
  userEmail: optionalText(320),
  message: z.string().trim().min(1, 'Please describe the problem').max(10_000),
  /** spec §3: the screenshot/video link text. */
  attachment: optionalText(2000),
  website: honeypot,
})
export type BugReportRequest = z.input<typeof bugReportRequestSchema>

/** spec §7: success (boolean) and message (text); the app shows it green when it contains 'successfully'. */
export const formResponseSchema = z.object({ success: z.boolean(), message: z.string() })
export type FormResponse = z.infer<typeof formResponseSchema>
