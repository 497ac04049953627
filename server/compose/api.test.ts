import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, createTestServer, type TestServer } from '../testing/harness.ts'

// The composition mounts the generation and media resources behind the same
// shell (identity, errors, headers) as the core's.
describe('composed server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('guards the generation and upload calls with the ID token', async () => {
    const generate = await server.request('/api/fal/v1/generate', { json: { prompt: 'x' } })
    expect(generate.status).toBe(401)
    expect(await generate.json()).toMatchObject({ code: 'missing_token' })
    const upload = await server.request('/api/media/v1/upload', { method: 'POST', body: '' })
    expect(upload.status).toBe(401)
  })

  it('refuses a generation without credits and changes nothing', async () => {
    const user = await createSignedInUser(server)
    const res = await server.request('/api/fal/v1/generate', {
      token: user.idToken,
      json: { seed: 1, prompt: 'A chef', pro_mode: false, aspect_ratio: '9:16', resolution: '1080p', duration: '5', user_email: user.email, user_id: user.id },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(await res.json()).toMatchObject({ code: 'insufficient_credits' })
    expect(await server.db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })
})
