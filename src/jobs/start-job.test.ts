import { afterEach, describe, expect, it, vi } from 'vitest'
import { startJob, type Starter } from './start-job'
import { fakeServer } from './testing/fake-server'
import type { JobParams } from './types'

const ada: Starter = { uid: 'u1', email: 'ada@example.com', userId: 'rec-1', demo: false }
const ugc: JobParams = { kind: 'ugc', prompt: 'A barista smiles', seed: 42, enhanced: false }
const status =
  (credits: number, isCurrentlyGenerating = false) =>
  () => ({ json: { credits, isCurrentlyGenerating } })
const statusPath = '/api/users/v1/ada%40example.com/status'

afterEach(() => vi.restoreAllMocks())

function refusing(statusCode: number, code: string) {
  return fakeServer({ [statusPath]: status(5), '/api/fal/v1/generate': () => ({ status: statusCode, json: { message: 'no', code } }) })
}

describe('startJob (spec §4: the user status first, then the start call)', () => {
  it('refuses without a start call while a generation runs', async () => {
    const server = fakeServer({ [statusPath]: status(10, true) })
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'one_time_generate' } } })
    expect(server.paths()).toEqual([statusPath])
  })

  it('shows no-credits when the balance is below the cost (1.75, enhanced 2)', async () => {
    fakeServer({ [statusPath]: status(1.9) })
    expect(await startJob({ ...ugc, enhanced: true }, ada)).toEqual({ status: 'refused', view: { phase: 'no-credits' } })
    const server = fakeServer({ [statusPath]: status(1.75), '/api/fal/v1/generate': () => ({ json: { requestId: 'r1' } }) })
    expect((await startJob(ugc, ada)).status).toBe('started')
    expect(server.paths()).toEqual([statusPath, '/api/fal/v1/generate'])
  })

  it('sends the UGC settings and keeps the job to resume it', async () => {
    const server = fakeServer({ [statusPath]: status(5), '/api/fal/v1/generate': () => ({ json: { requestId: 'req-7' } }) })
    const outcome = await startJob(ugc, ada, () => 1234)
    expect(server.calls[1]?.body).toEqual({
      seed: 42,
      prompt: 'A barista smiles',
      pro_mode: false,
      aspect_ratio: '9:16',
      resolution: '1080p',
      duration: '5',
      user_email: 'ada@example.com',
      user_id: 'rec-1',
    })
    expect(outcome).toEqual({
      status: 'started',
      job: { requestId: 'req-7', kind: 'ugc', params: ugc, uid: 'u1', userId: 'rec-1', startedAt: 1234, demo: false },
    })
  })

  it('uses the demo calls for the demo account (UGC sends `seeds`), free as the server charges them (decision 0071)', async () => {
    const server = fakeServer({
      [statusPath]: status(0),
      '/api/fal/v1/demoUGCGenerate': () => ({ json: { requestId: 'd1' } }),
      '/api/fal/v1/demoLypSyncGenerate': () => ({ json: { requestId: 'd2' } }),
    })
    const demo = { ...ada, demo: true }
    expect(await startJob(ugc, demo)).toMatchObject({ status: 'started', job: { requestId: 'd1', demo: true } })
    expect(server.calls[1]?.body).toMatchObject({ seeds: 42 })
    const lipSync: JobParams = {
      kind: 'lipsync',
      videoUrl: 'https://cdn.test/v.mp4',
      audioUrl: 'https://cdn.test/a.wav',
      audioDurationSeconds: 12,
      enhanced: true,
    }
    expect(await startJob(lipSync, demo)).toMatchObject({ status: 'started', job: { requestId: 'd2' } })
    expect(server.calls[3]?.body).toEqual({
      video_url: 'https://cdn.test/v.mp4',
      audio_url: 'https://cdn.test/a.wav',
      user_id: 'rec-1',
      audio_duraraion: 12,
      lipSyncModel: 'lipsync-1.9.0-beta',
    })
  })

  it('prices lip sync by started minutes and starts the consistent actor with imageToVideo', async () => {
    // 61 s = 2 started minutes × 2.35 = 4.70 credits.
    fakeServer({ [statusPath]: status(4.69) })
    const lipSync: JobParams = {
      kind: 'lipsync',
      videoUrl: 'https://cdn.test/v.mp4',
      audioUrl: 'https://cdn.test/a.wav',
      audioDurationSeconds: 61,
      enhanced: false,
    }
    expect(await startJob(lipSync, ada)).toEqual({ status: 'refused', view: { phase: 'no-credits' } })
    const server = fakeServer({ [statusPath]: status(2), '/api/fal/v1/imageToVideo': () => ({ json: { request_id: 'c1' } }) })
    const consistent: JobParams = { kind: 'consistent', prompt: 'Turns and waves', imageUrl: 'https://cdn.test/face.png' }
    expect(await startJob(consistent, ada)).toMatchObject({ status: 'started', job: { requestId: 'c1', kind: 'consistent' } })
    expect(server.calls[1]?.body).toEqual({ prompt: 'Turns and waves', img_url: 'https://cdn.test/face.png', user_id: 'rec-1' })
  })

  it('maps the start call refusals (409, 402, 401, others)', async () => {
    refusing(409, 'generation_in_progress')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'one_time_generate' } } })
    refusing(402, 'insufficient_credits')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'no-credits' } })
    refusing(403, 'forbidden')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'user_credential' } } })
    refusing(502, 'generation_failed')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'failed_to_generate' } } })
  })

  it('tells a user without a user record so (404 user_not_found: spec §8 lipsync_error.user_not)', async () => {
    refusing(404, 'user_not_found')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'user_not' } } })
    // Any other 404 is not about the user.
    refusing(404, 'not_found')
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'failed_to_generate' } } })
  })

  it('fails to generate when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await startJob(ugc, ada)).toEqual({ status: 'refused', view: { phase: 'failed', failure: { code: 'failed_to_generate' } } })
  })
})
