import { z } from 'zod'

// spec §3 user record and §7 /api/users/v1 calls.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }))

/** POST /api/users/v1: saved after sign-up or Google sign-in (spec §4). */
export const saveUserRequestSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'Name is a required field.').max(100),
})
export type SaveUserRequest = z.infer<typeof saveUserRequestSchema>

/** spec §3: _id, email, name, credits (a number, e.g. 12.25), isCurrentlyGenerating. */
export const userRecordSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  credits: z.number(),
  isCurrentlyGenerating: z.boolean(),
})
export type UserRecord = z.infer<typeof userRecordSchema>

/** The answer of POST /api/users/v1 (spec: "not shown"; docs/api.md). `user` is null without a token. */
export const saveUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userRecordSchema.nullable(),
})
export type SaveUserResponse = z.infer<typeof saveUserResponseSchema>

/** GET /api/users/v1/{email}/status: the user-status lookup of spec §7 ("path not shown"). */
export const userStatusSchema = z.object({
  isCurrentlyGenerating: z.boolean(),
  credits: z.number(),
})
export type UserStatus = z.infer<typeof userStatusSchema>
