import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEYS_PER_ACCOUNT } from '../../contract/constants.ts'
import { apiKeyListSchema } from '../../contract/developer-settings.ts'
import { dataExportSchema } from '../../contract/account.ts'
import { createKey } from '../testing/api-keys.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { hashApiKey } from './key-secret.ts'

// Personal API keys (docs/decisions/0401): only a hash is stored, a revoked
// key stops at once on every instance (two instances on one database:
// PostgreSQL when TEST_DATABASE_URL is set), and a deleted account's keys die
// with it while its data export names them without a secret.

describe.each(testDatabases)('API keys on %s', (database) => {
  let first: TestServer
  let second: TestServer

  beforeAll(async () => {
    first = await createTestServer({ database })
    second = await createTestServer({ sameDatabaseAs: first })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('keeps only a hash of the key and a prefix to recognise it', async () => {
    const user = await createSignedInUser(first)
    const { key, secret } = await createKey(first, user, ['generations:read'], 'CI pipeline')
    expect(secret).toMatch(/^actorly_sk_[\w-]{43}$/)
    expect(secret.startsWith(key.prefix)).toBe(true)
    expect(key.prefix.length).toBeLessThan(secret.length - 30)
    const row = await first.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow()
    expect(row.secret_hash).toBe(hashApiKey(secret))
    expect(Object.values(row).some((value) => typeof value === 'string' && value.includes(secret.slice(key.prefix.length)))).toBe(false)
    const listed = apiKeyListSchema.parse(await (await first.request('/api/developers/v1/keys', { token: user.idToken })).json())
    expect(listed.keys).toEqual([{ ...key, lastUsedAt: null }])
    expect(JSON.stringify(listed)).not.toContain(secret)
  })

  it('stops a revoked key at once on every instance, and shows when a key was last used', async () => {
    const user = await createSignedInUser(first)
    const { key, secret } = await createKey(first, user)
    expect((await second.request('/api/public/v1/balance', { token: secret })).status).toBe(200)
    const used = apiKeyListSchema.parse(await (await first.request('/api/developers/v1/keys', { token: user.idToken })).json())
    expect(used.keys[0]?.lastUsedAt).not.toBeNull()

    const revoked = await first.request(`/api/developers/v1/keys/${key.id}/revoke`, { token: user.idToken, method: 'POST' })
    expect(revoked.status).toBe(204)
    for (const instance of [second, first]) {
      const res = await instance.request('/api/public/v1/balance', { token: secret })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ code: 'invalid_api_key' })
    }
    const listed = apiKeyListSchema.parse(await (await second.request('/api/developers/v1/keys', { token: user.idToken })).json())
    expect(listed.keys).toEqual([])
    // Only its owner can revoke a key; a second revocation finds nothing.
    expect((await first.request(`/api/developers/v1/keys/${key.id}/revoke`, { token: user.idToken, method: 'POST' })).status).toBe(404)
  })

  it('lets only the key’s owner revoke it, and caps the keys of one account', async () => {
    const owner = await createSignedInUser(first)
    const stranger = await createSignedInUser(first)
    const { key, secret } = await createKey(first, owner)
    expect((await first.request(`/api/developers/v1/keys/${key.id}/revoke`, { token: stranger.idToken, method: 'POST' })).status).toBe(404)
    expect((await first.request('/api/public/v1/balance', { token: secret })).status).toBe(200)
    for (let index = 1; index < API_KEYS_PER_ACCOUNT; index += 1) await createKey(first, owner, ['generations:read'], `key ${index}`)
    const over = await first.request('/api/developers/v1/keys', { token: owner.idToken, json: { name: 'one too many', scopes: ['generations:read'] } })
    expect(over.status).toBe(409)
    expect(await over.json()).toMatchObject({ code: 'limit_reached' })
    const blank = await first.request('/api/developers/v1/keys', { token: owner.idToken, json: { name: ' ', scopes: [] } })
    expect(blank.status).toBe(400)
    // A key cannot make keys.
    expect((await first.request('/api/developers/v1/keys', { token: secret, json: { name: 'x', scopes: ['generations:read'] } })).status).toBe(401)
  })

  it('lists keys in the data export without their secrets, and kills them with the account', async () => {
    const user = await createSignedInUser(first, { credits: 2 })
    const { secret } = await createKey(first, user, ['generations:read', 'generations:write'], 'Zapier')
    const exported = dataExportSchema.parse(await (await first.request('/api/account/v1/export', { token: user.idToken })).json())
    expect(exported.apiKeys).toEqual([expect.objectContaining({ name: 'Zapier', scopes: ['generations:write', 'generations:read'], revokedAt: null })])
    expect(JSON.stringify(exported)).not.toContain(secret.slice(20))

    const deletion = await first.request('/api/account/v1/deletion', { token: user.idToken, json: { confirm: true } })
    expect(deletion.status).toBe(200)
    const refused = await second.request('/api/public/v1/balance', { token: secret })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: expect.stringMatching(/^(account_deleted|invalid_api_key)$/) })
    expect(await first.db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute()).toEqual([])
  })
})
