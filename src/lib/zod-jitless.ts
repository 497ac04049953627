import { config } from 'zod/v4/core'

// The web app's `zod` (vite.config.ts resolves every `import … from 'zod'` here): zod
// without its JIT. zod compiles object parsers with `new Function` and probes for
// that first; our Content-Security-Policy has no 'unsafe-eval', so the probe is a
// CSP violation in the console even when it fails quietly (docs/decisions/0204).
// Set here, before any schema is built, since zod reads it when a schema is made.
config({ jitless: true })

export * from 'zod/v4'
