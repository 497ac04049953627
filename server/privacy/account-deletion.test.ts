import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestContext } from '../http/request-context.ts'
import { handleError } from '../http/error-handler.ts'
import type { AppEnv } from '../http/env.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { balanceOf } from '../testing/job-helpers.ts'
import { createAccountRoutes } from '../routes/account.ts'
import { authEmulatorHost, createSignedInUser, createTestServer, signIn, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { requestAccountDeletion, retryDelayMs, runAccountDeletion, runDueDeletions } from './account-deletion.ts'
import { populateAccount, type PopulatedAccount } from '../testing/account-fixture.ts'

// Deleting an account (docs/decisions/0260, 0261) against the real server, the
// Auth Emulator's identities, the media store on disk and its catalogue.

const silent = pino({ level: 'silent' })
const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`

describe.each(testDatabases)('deleting an account (%s)', (database) => {
  let server: TestServer
  let fixtures: MediaFixtures

  beforeAll(async () => {
    fixtures = await createMediaFixtures()
    // Every account sends a message signed out; the anonymous-form limit is not what is tested here.
    server = await createTestServer({ database, env: { FORM_RATE_LIMIT_BURST: '50' } })
  })
  afterAll(async () => {
    await server.close()
    await fixtures.remove()
  })

  const isStored = async (key: string) => (await server.mediaStore.stat(key)) !== null
  const rowsOf = async (user: TestUser) => ({
    users: (await server.db.selectFrom('users').select('_id').where('_id', '=', user.id).execute()).length,
    generations: (await server.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute()).length,
    jobEvents: (await server.db.selectFrom('job_events').select('id').where('user_id', '=', user.id).execute()).length,
    media: (await server.db.selectFrom('media_objects').select('key').where('owner_user_id', '=', user.id).execute()).length,
    ledger: (await server.db.selectFrom('credit_ledger').select('id').where('user_id', '=', user.id).execute()).length,
    // Sent signed in; one sent signed out only names the address and is not the account's (docs/decisions/0269).
    messages: (await server.db.selectFrom('messages').select('id').where('user_id', '=', user.id).execute()).length,
    bugReports: (await server.db.selectFrom('bug_reports').select('id').where('user_id', '=', user.id).execute()).length,
    pushSubscriptions: (await server.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).length,
  })

  async function expectIntact(user: TestUser, account: PopulatedAccount): Promise<void> {
    const rows = await rowsOf(user)
    expect(rows).toEqual({ users: 1, generations: 2, jobEvents: expect.any(Number), media: 3, ledger: 3, messages: 1, bugReports: 1, pushSubscriptions: 1 })
    // Starting, finishing and the running job's progress each left an event for the event stream.
    expect(rows.jobEvents).toBeGreaterThan(0)
    for (const key of account.mediaKeys) expect(await isStored(key)).toBe(true)
    for (const link of account.mediaLinks) expect((await server.request(pathOf(link))).status).toBe(200)
    const res = await server.request(`/api/users/v1/${user.email}`, { token: user.idToken })
    expect(res.status).toBe(200)
  }

  it('deletes the identity, the records, the jobs and the media; keeps the payment detached; leaves another user alone', async () => {
    const ada = await createSignedInUser(server)
    const bob = await createSignedInUser(server)
    const adas = await populateAccount(server, ada, fixtures)
    const bobs = await populateAccount(server, bob, fixtures)

    const res = await server.request('/api/account/v1/deletion', { token: ada.idToken, json: { confirm: true } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'done' })
    expect(res.headers.get('clear-site-data')).toBe('"cache"')

    // The identity is gone: signing in fails at the identity service.
    await expect(signIn(authEmulatorHost(), ada.email, ada.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND/)
    expect(await rowsOf(ada)).toEqual({ users: 0, generations: 0, jobEvents: 0, media: 0, ledger: 0, messages: 0, bugReports: 0, pushSubscriptions: 0 })
    expect(
      await server.db
        .selectFrom('push_deliveries')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_deliveries.subscription_id')
        .select('push_deliveries.id')
        .where('push_subscriptions.user_id', '=', ada.id)
        .execute(),
    ).toEqual([])
    // The mail of what she sent signed in went with it; the message sent signed out from her address stays until retention.
    expect((await server.db.selectFrom('outbox').select('body').where('body', 'like', `%${ada.email}%`).execute()).map((row) => row.body)).toEqual([
      expect.stringContaining('Sent signed out from my address'),
    ])
    for (const [index, key] of adas.mediaKeys.entries()) {
      expect(await isStored(key)).toBe(false)
      // The links the app was given still carry a valid signature: nothing is behind them any more.
      expect((await server.request(pathOf(adas.mediaLinks[index] ?? ''))).status).toBe(404)
      // The owner's token is refused before anything is looked up.
      expect((await server.request(`/media/${key}`, { token: ada.idToken })).status).toBe(401)
    }
    // The payment record stays, with nobody's name on it.
    const payment = await server.db.selectFrom('checkout_sessions').selectAll().where('id', '=', adas.checkoutSessionId).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ user_id: null, status: 'completed', amount_cents: 2000, credits: 11 })
    const record = await server.db.selectFrom('account_deletions').selectAll().where('firebase_uid', '=', ada.uid).executeTakeFirstOrThrow()
    expect(record).toMatchObject({ status: 'done', email: null, steps_done: 'jobs,identity,media,records' })

    await expectIntact(bob, bobs)
  })

  it('tells every device still holding the account’s token that it is gone, and never brings the record back', async () => {
    const ada = await createSignedInUser(server)
    const otherDevice = ada.idToken
    await populateAccount(server, ada, fixtures)
    expect((await server.request('/api/account/v1/deletion', { token: ada.idToken, json: { confirm: true } })).status).toBe(200)

    for (const call of [
      server.request(`/api/users/v1/${ada.email}`, { token: otherDevice }),
      server.request('/api/users/v1', { token: otherDevice, json: { email: ada.email, name: 'Ada again' } }),
      // Revocation-checked calls find the identity gone at the identity service.
      server.request('/api/payment/v1/create-checkout-session', { token: otherDevice, json: { user: ada.email, priceId: 'starter' } }),
    ]) {
      const res = await call
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ code: 'account_deleted' })
      expect(res.headers.get('clear-site-data')).toBe('"cache"')
    }
    expect(await server.db.selectFrom('users').select('_id').where('email', '=', ada.email).execute()).toEqual([])

    // A device whose token stopped working long ago asks by uid, without one.
    const bob = await createSignedInUser(server)
    const asked = await server.request('/api/account/v1/deleted', { json: { uids: [ada.uid, bob.uid, 'never-existed'] } })
    expect(await asked.json()).toEqual({ deleted: [ada.uid] })
    expect((await server.request('/api/account/v1/deleted', { json: { uids: [] } })).status).toBe(400)
  })

  it('finishes a deletion that failed halfway, from where it stopped, with the running job’s hold released', async () => {
    const ada = await createSignedInUser(server)
    const adas = await populateAccount(server, ada, fixtures)
    const balanceBefore = await balanceOf(server.db, ada.id)
    const failingOnce = {
      calls: 0,
      async deleteIdentity(uid: string) {
        this.calls += 1
        if (this.calls === 1) throw new Error('identity service unavailable')
        await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-actorly/accounts:delete`, {
          method: 'POST',
          headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
          body: JSON.stringify({ localId: uid }),
        })
      },
    }
    const deps = { ...server.accountDeletion, identity: failingOnce }
    const start = new Date()
    const { row } = await requestAccountDeletion(server.db, { id: ada.id, uid: ada.uid, email: ada.email }, start)
    expect(await runAccountDeletion({ ...deps, now: () => start }, row)).toBe('pending')

    // Stopped at the identity: the job was cancelled and its hold came back as credits, nothing else went yet.
    const job = await server.db.selectFrom('generations').selectAll().where('id', '=', adas.runningJobId).executeTakeFirstOrThrow()
    expect(job.status).toBe('failed')
    const release = await server.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('idempotency_key', '=', `job:${adas.runningJobId}:refund`)
      .executeTakeFirstOrThrow()
    expect(release).toMatchObject({ amount_hundredths: 175, reason: 'hold released: account deleted' })
    expect(await balanceOf(server.db, ada.id)).toBe(balanceBefore + 175)
    // Its end went out as an event (a device still streaming sees it stop) until the records go.
    const ended = await server.db
      .selectFrom('job_events')
      .select('body')
      .where('job_id', '=', adas.runningJobId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(ended.body)).toMatchObject({ requestId: adas.runningJobId, status: { status: 'failed' } })
    const pending = await server.db.selectFrom('account_deletions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(pending).toMatchObject({ status: 'pending', steps_done: 'jobs', attempts: 1, last_error: 'identity: identity service unavailable' })
    // The account is already closed to its tokens, and asking again changes nothing.
    expect((await server.request(`/api/users/v1/${ada.email}`, { token: ada.idToken })).status).toBe(401)
    expect((await requestAccountDeletion(server.db, { id: ada.id, uid: ada.uid, email: ada.email }, start)).row.id).toBe(row.id)

    // Not before its time; then the background round finishes it.
    expect(await runDueDeletions({ ...deps, now: () => start })).toEqual({ done: 0, pending: 0 })
    const later = new Date(start.getTime() + retryDelayMs(1))
    expect(await runDueDeletions({ ...deps, now: () => later })).toEqual({ done: 1, pending: 0 })
    expect(failingOnce.calls).toBe(2)
    expect(await rowsOf(ada)).toEqual({ users: 0, generations: 0, jobEvents: 0, media: 0, ledger: 0, messages: 0, bugReports: 0, pushSubscriptions: 0 })
    expect(
      await server.db
        .selectFrom('push_deliveries')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_deliveries.subscription_id')
        .select('push_deliveries.id')
        .where('push_subscriptions.user_id', '=', ada.id)
        .execute(),
    ).toEqual([])
    for (const key of adas.mediaKeys) expect(await isStored(key)).toBe(false)
  })

  it('deletes and forgets the media before the user record, and resumes after a store that failed midway', async () => {
    const ada = await createSignedInUser(server)
    const adas = await populateAccount(server, ada, fixtures)
    const flakyStore = {
      deletes: 0,
      async delete(key: string) {
        this.deletes += 1
        if (this.deletes === 2) throw new Error('storage unavailable')
        await server.mediaStore.delete(key)
      },
    }
    const deps = { ...server.accountDeletion, store: flakyStore }
    const start = new Date()
    const { row } = await requestAccountDeletion(server.db, { id: ada.id, uid: ada.uid, email: ada.email }, start)
    expect(await runAccountDeletion({ ...deps, now: () => start }, row)).toBe('pending')

    // Stopped at the media: the one object deleted is forgotten too, the others are still whole, and so is the record.
    const left = await server.db.selectFrom('media_objects').select('key').where('owner_user_id', '=', ada.id).execute()
    expect(left).toHaveLength(2)
    for (const key of adas.mediaKeys) expect(await isStored(key)).toBe(left.some((object) => object.key === key))
    const pending = await server.db.selectFrom('account_deletions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(pending).toMatchObject({ status: 'pending', steps_done: 'jobs,identity', last_error: 'media: storage unavailable' })
    expect((await rowsOf(ada)).users).toBe(1)

    const later = new Date(start.getTime() + retryDelayMs(1))
    expect(await runDueDeletions({ ...deps, now: () => later })).toEqual({ done: 1, pending: 0 })
    expect(await rowsOf(ada)).toEqual({ users: 0, generations: 0, jobEvents: 0, media: 0, ledger: 0, messages: 0, bugReports: 0, pushSubscriptions: 0 })
    expect(
      await server.db
        .selectFrom('push_deliveries')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_deliveries.subscription_id')
        .select('push_deliveries.id')
        .where('push_subscriptions.user_id', '=', ada.id)
        .execute(),
    ).toEqual([])
    for (const key of adas.mediaKeys) expect(await isStored(key)).toBe(false)
  })

  it('refuses without a recent sign-in or a confirmation, and changes nothing', async () => {
    const ada = await createSignedInUser(server)
    const adas = await populateAccount(server, ada, fixtures)
    // The same routes on a clock ten minutes ahead: the sign-in behind the token is no longer recent.
    const app = new Hono<AppEnv>()
    app.use('*', requestContext(silent, { verifier: server.verifier, db: server.db, identityExists: (uid) => server.identityAdmin.identityExists(uid) }))
    app.onError(handleError)
    app.route(
      '/api/account/v1',
      createAccountRoutes({
        deletion: server.accountDeletion,
        links: server.mediaLinks,
        demoAccountEmail: null,
        now: () => new Date(Date.now() + 10 * 60_000),
      }),
    )
    const stale = await app.request('/api/account/v1/deletion', {
      method: 'POST',
      body: JSON.stringify({ confirm: true }),
      headers: { authorization: `Bearer ${ada.idToken}`, 'content-type': 'application/json' },
    })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'recent_sign_in_required' })

    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      expect((await server.request('/api/account/v1/deletion', { token: ada.idToken, json: body })).status).toBe(400)
    }
    expect((await server.request('/api/account/v1/deletion', { json: { confirm: true } })).status).toBe(401)
    await expectIntact(ada, adas)
    expect(await server.db.selectFrom('account_deletions').select('id').where('user_id', '=', ada.id).execute()).toEqual([])
  })
})
