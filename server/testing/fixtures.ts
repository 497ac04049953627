import { test as base } from 'vitest'
import type { TestDatabaseKind } from './harness.ts'
import { startFalQueue, startFalStack, startStripeServer, type FalQueue, type FalQueueOptions, type FalStack, type StripeServer } from './stacks.ts'

// Vitest fixtures of the server's tests (./stacks.ts). Each makes the stacks
// of one kind for a test file: a suite of that file asks for one per database
// in its beforeAll hook (this module's test.beforeAll, which hands fixtures to
// the hook), and every stack the file made is closed after its last test. A
// fixture reads its dependencies from its first parameter, which Vitest needs
// to be a destructuring pattern: `{}` for none.

interface Closable {
  close(): Promise<void>
}

/** A maker whose every stack is closed when the file is done, newest first. */
function closedAfterTheFile<A extends unknown[], T extends Closable>(make: (...args: A) => Promise<T>, onCleanup: (cleanup: () => Promise<void>) => void) {
  const made: T[] = []
  onCleanup(async () => {
    for (const stack of made.splice(0).toReversed()) await stack.close()
  })
  return async (...args: A): Promise<T> => {
    const stack = await make(...args)
    made.push(stack)
    return stack
  }
}

export const test = base
  .extend('stripeServer', { scope: 'file' }, async ({}, { onCleanup }) =>
    closedAfterTheFile((database: TestDatabaseKind, env?: Record<string, string>): Promise<StripeServer> => startStripeServer(database, env), onCleanup),
  )
  .extend('falQueue', { scope: 'file' }, async ({}, { onCleanup }) =>
    closedAfterTheFile((database: TestDatabaseKind, options?: FalQueueOptions): Promise<FalQueue> => startFalQueue(database, options), onCleanup),
  )
  .extend('falStack', { scope: 'file' }, async ({}, { onCleanup }) =>
    closedAfterTheFile((database: TestDatabaseKind, options?: FalQueueOptions): Promise<FalStack> => startFalStack(database, options), onCleanup),
  )
