import { z } from 'zod'

// Pieces every block of the environment schema (server/config.ts) shares.

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Unset, empty and blank all read as null; anything else is trimmed. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()))

/**
 * A `host:port` of a Firebase emulator. The Admin SDK reads these variables
 * raw from the environment, so a blank value would still switch it to the
 * emulator while we read "unset": only unset, empty or a real host:port passes.
 */
export const emulatorHost = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === '' || v.trim() !== '', {
    message: 'is only whitespace; the Firebase Admin SDK would still use it. Unset it, or give host:port',
  })
  .refine((v) => v === undefined || v.trim() === '' || /^[^\s/:]+:\d{1,5}$/.test(v.trim()), { message: 'must be host:port' })
  .transform((v) => (v === undefined || v === '' ? null : v.trim()))

/** What the core settings decided, for the blocks that depend on it. */
export interface ConfigContext {
  isProduction: boolean
  /** How many API instances may run at once (MAX_INSTANCES). */
  maxInstances: number
  /** Absolute DATA_DIR. */
  dataDir: string
  firebaseProjectId: string
}

/** Turns one block's parsed variables into its part of the Config; throws ConfigError for a bad combination. */
export type ConfigBlock<Shape extends z.ZodRawShape, Out> = (env: z.output<z.ZodObject<Shape>>, context: ConfigContext) => Out
