import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, grantCredits, testDatabases, type TestServer } from '../testing/harness.ts'
import { applyLedgerEntry, balanceHundredths, InsufficientCreditsError, ledgerSumHundredths, postLedgerEntry } from './credits.ts'
import { withWriteTransaction } from '../db/transaction.ts'

describe.each(testDatabases)('credit ledger on %s', (database) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ database })
  })
  afterAll(() => server.close())

  it('moves the balance with each entry and keeps it equal to the ledger sum', async () => {
    const user = await createSignedInUser(server)
    expect(await applyLedgerEntry(server.db, { userId: user.id, amountHundredths: 2000, idempotencyKey: `checkout:a-${user.id}`, reason: 'purchase' })).toBe(
      'applied',
    )
    expect(await applyLedgerEntry(server.db, { userId: user.id, amountHundredths: -175, idempotencyKey: `job:j1-${user.id}:hold`, reason: 'ugc' })).toBe(
      'applied',
    )
    expect(await balanceHundredths(server.db, user.id)).toBe(1825)
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(1825)
  })

  it('treats a repeated idempotency key as a no-op', async () => {
    const user = await createSignedInUser(server)
    const entry = { userId: user.id, amountHundredths: 1100, idempotencyKey: `checkout:dup-${user.id}`, reason: 'purchase' }
    expect(await applyLedgerEntry(server.db, entry)).toBe('applied')
    expect(await applyLedgerEntry(server.db, entry)).toBe('duplicate')
    expect(await applyLedgerEntry(server.db, { ...entry, amountHundredths: 9999 })).toBe('duplicate')
    expect(await balanceHundredths(server.db, user.id)).toBe(1100)
  })

  it('refuses a debit below zero and rolls back the whole transaction', async () => {
    const user = await createSignedInUser(server)
    await grantCredits(server.db, user.id, 1)
    const attempt = withWriteTransaction(server.db, async (trx) => {
      await postLedgerEntry(trx, { userId: user.id, amountHundredths: -175, idempotencyKey: `job:poor-${user.id}:hold`, reason: 'ugc' })
    })
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError)
    expect(await balanceHundredths(server.db, user.id)).toBe(100)
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(100)
    // The key was rolled back with the refusal, so a later attempt with credit can use it.
    await grantCredits(server.db, user.id, 1)
    expect(await applyLedgerEntry(server.db, { userId: user.id, amountHundredths: -175, idempotencyKey: `job:poor-${user.id}:hold`, reason: 'ugc' })).toBe(
      'applied',
    )
  })

  it('rejects amounts that are not whole hundredths', async () => {
    const user = await createSignedInUser(server)
    await expect(applyLedgerEntry(server.db, { userId: user.id, amountHundredths: 1.5, idempotencyKey: `x:${user.id}`, reason: 'x' })).rejects.toBeInstanceOf(
      RangeError,
    )
    await expect(applyLedgerEntry(server.db, { userId: user.id, amountHundredths: 0, idempotencyKey: `y:${user.id}`, reason: 'x' })).rejects.toBeInstanceOf(
      RangeError,
    )
  })

  it('applies exactly one of 50 concurrent debits when the balance covers one', async () => {
    const user = await createSignedInUser(server, { credits: 1.75 })
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        applyLedgerEntry(server.db, { userId: user.id, amountHundredths: -175, idempotencyKey: `job:c${i}-${user.id}:hold`, reason: 'ugc' }),
      ),
    )
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value === 'applied')
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientCreditsError)
    expect(applied).toHaveLength(1)
    expect(refused).toHaveLength(49)
    expect(await balanceHundredths(server.db, user.id)).toBe(0)
    expect(await ledgerSumHundredths(server.db, user.id)).toBe(0)
  })

  it('credits one checkout once when the same key arrives 10 times at once', async () => {
    const user = await createSignedInUser(server)
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        applyLedgerEntry(server.db, { userId: user.id, amountHundredths: 1100, idempotencyKey: `checkout:race-${user.id}`, reason: 'purchase' }),
      ),
    )
    expect(results.filter((r) => r === 'applied')).toHaveLength(1)
    expect(await balanceHundredths(server.db, user.id)).toBe(1100)
  })
})
