import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'

const loadGenerationConfig = (env: Record<string, string>) => loadConfig(env).generation

// The generation block of the environment schema refuses a fal model whose input the model-family
// table (fal/model-families.ts) does not know, so no request of a shape the
// model cannot take ever leaves the server.

const fal = { GENERATION_PROVIDER: 'fal', FAL_KEY: 'key:secret' }

describe('loadGenerationConfig', () => {
  it('defaults to the chosen models (decisions 0230, 0235, 0236)', () => {
    expect(loadGenerationConfig(fal).fal?.models).toEqual({
      ugc: 'fal-ai/bytedance/seedance/v1/pro/fast/text-to-video',
      lipsync: 'fal-ai/sync-lipsync/v2',
      consistent: 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video',
      speech: 'fal-ai/minimax/speech-2.8-hd',
      transcription: 'fal-ai/elevenlabs/speech-to-text',
    })
  })

  it('accepts every model of the table for its kind', () => {
    const models = loadGenerationConfig({ ...fal, FAL_UGC_MODEL: ' fal-ai/bytedance/seedance/v1.5/pro/text-to-video ' }).fal?.models
    expect(models?.ugc).toBe('fal-ai/bytedance/seedance/v1.5/pro/text-to-video')
  })

  it.each([
    [
      'FAL_UGC_MODEL',
      'fal-ai/minimax/video-01',
      /FAL_UGC_MODEL: fal-ai\/minimax\/video-01 is not a text-to-video model for the UGC actor the server knows the input of; known: fal-ai\/bytedance\/seedance\/v1\/pro\/fast\/text-to-video/,
    ],
    ['FAL_UGC_MODEL', 'fal-ai/sync-lipsync', /FAL_UGC_MODEL: fal-ai\/sync-lipsync is not a text-to-video model/],
    ['FAL_LIPSYNC_MODEL', 'fal-ai/sync-lipsync/v3', /FAL_LIPSYNC_MODEL: fal-ai\/sync-lipsync\/v3 is not a lip-sync model/],
    ['FAL_SPEECH_MODEL', 'fal-ai/elevenlabs/speech-to-text', /FAL_SPEECH_MODEL: .* is not a text-to-speech model/],
    ['FAL_TRANSCRIPTION_MODEL', 'fal-ai/minimax/speech-2.8-hd', /FAL_TRANSCRIPTION_MODEL: .* is not a speech-to-text model/],
    ['FAL_CONSISTENT_MODEL', 'fal-ai/kling-video/v3/pro/text-to-video', /FAL_CONSISTENT_MODEL: .* is not a face-image-to-video model/],
  ])('refuses %s=%s, naming the models it knows', (variable, model, message) => {
    expect(() => loadGenerationConfig({ ...fal, [variable]: model })).toThrow(ConfigError)
    expect(() => loadGenerationConfig({ ...fal, [variable]: model })).toThrow(message)
  })

  it('refuses an unknown model even while the local renderer is active', () => {
    expect(() => loadGenerationConfig({ FAL_UGC_MODEL: 'fal-ai/minimax/video-01' })).toThrow(/FAL_UGC_MODEL/)
  })
})

describe('the server process', () => {
  it('refuses to boot with a UGC model it does not know, with a clear message', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'actorly-boot-'))
    try {
      const result = spawnSync(process.execPath, [path.resolve('server/main.ts')], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', ...fal, FAL_UGC_MODEL: 'fal-ai/minimax/video-01' },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(result.status).toBe(78)
      expect(result.stderr).toMatch(/actorly: FAL_UGC_MODEL: fal-ai\/minimax\/video-01 is not a text-to-video model/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
