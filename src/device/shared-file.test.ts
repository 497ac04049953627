// @vitest-environment node
// Node's File survives fake IndexedDB's structured clone (jsdom's does not), as a browser's does.
import { Dexie } from 'dexie'
import { beforeEach, describe, expect, it } from 'vitest'
import { DATABASES } from './names'
import { discardSharedFile, storeSharedFile, takeSharedFile } from './shared-file'

const voice = () => new File(['RIFF voice'], 'voice.wav', { type: 'audio/wav' })

beforeEach(() => discardSharedFile())

describe('the shared file handoff', () => {
  it('gives the shared file once, with its name, type and bytes', async () => {
    await storeSharedFile(voice())
    const taken = await takeSharedFile()
    expect(taken).toMatchObject({ name: 'voice.wav', type: 'audio/wav' })
    expect(await taken?.text()).toBe('RIFF voice')
    expect(await takeSharedFile()).toBeNull()
  })

  it('keeps only the latest share', async () => {
    await storeSharedFile(voice())
    await storeSharedFile(new File(['mp4'], 'clip.mp4', { type: 'video/mp4' }))
    expect((await takeSharedFile())?.name).toBe('clip.mp4')
    expect(await takeSharedFile()).toBeNull()
  })

  it('drops a share nobody took within the hour', async () => {
    await storeSharedFile(voice())
    expect(await takeSharedFile(Date.now() + 61 * 60 * 1000)).toBeNull()
    expect(await takeSharedFile()).toBeNull()
  })

  it('keeps the bytes as an ArrayBuffer, never a Blob, which WebKit refuses in private and automated sessions', async () => {
    await storeSharedFile(voice())
    const raw = new Dexie(DATABASES.share)
    raw.version(1).stores({ sharedFiles: 'id' })
    const row: unknown = await raw.table('sharedFiles').get('latest')
    raw.close()
    expect(row).toMatchObject({ name: 'voice.wav', type: 'audio/wav', bytes: expect.any(ArrayBuffer) })
    expect(Object.values(row ?? {}).some((value) => value instanceof Blob)).toBe(false)
    expect(await (await takeSharedFile())?.text()).toBe('RIFF voice')
  })

  it('forgets a share on sign-out', async () => {
    await storeSharedFile(voice())
    await discardSharedFile()
    expect(await takeSharedFile()).toBeNull()
  })
})
