import { afterAll, beforeAll } from 'vitest'
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
