import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../render/testing/media-fixtures.ts'
import { createDiskMediaStore, type MediaStore } from './store.ts'
import { describeMediaStore } from './testing/store-contract.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let store: MediaStore
beforeAll(async () => {
  temp = await makeTempDir('actorly-store-')
  store = await createDiskMediaStore({ dir: `${temp.dir}/media` })
})
afterAll(() => temp.remove())

describeMediaStore('the disk store', { store: () => store, scratchDir: () => temp.dir })

describe('temp files of dead processes', () => {
  it('are removed when a store starts, while fresh ones (another instance’s upload in flight) stay', async () => {
    const incoming = path.join(temp.dir, 'media', '.incoming')
    await writeFile(path.join(incoming, 'upload-dead.part'), 'left by a killed process')
    await mkdir(path.join(incoming, 'fetch-dead'))
    const old = new Date(Date.now() - 7 * 60 * 60 * 1000)
    await utimes(path.join(incoming, 'upload-dead.part'), old, old)
    await utimes(path.join(incoming, 'fetch-dead'), old, old)
    await writeFile(path.join(incoming, 'upload-live.part'), 'arriving now')
    await createDiskMediaStore({ dir: path.join(temp.dir, 'media') })
    expect((await readdir(incoming)).sort()).toEqual(['upload-live.part'])
  })
})
