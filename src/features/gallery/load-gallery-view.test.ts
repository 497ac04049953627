import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/device/device-db'
import { type GalleryView, loadGalleryView } from './load-gallery-view'
import { galleryAnswer, networkDown, serveGallery } from './test/gallery-fixtures'

const ada = { uid: 'uid-ada', userId: 'user-ada' }
const ids = (view: GalleryView) => (view.kind === 'saved' ? view.items.map((item) => item.id) : view.kind)

beforeEach(async () => {
  await deviceDb.galleryPages.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('loadGalleryView from the server (spec §7, §9)', () => {
  it('asks for the page with limit 10 and the user id, and shows it', async () => {
    const { calls } = serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page)))
    const view = await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 3, online: true })
    expect(calls).toEqual([{ path: '/api/fal/v1/gallery', body: { page: 3, limit: 10, userId: 'user-ada' } }])
    expect(view).toMatchObject({ kind: 'fresh', total: 25 })
    expect(view.kind === 'fresh' && view.items.map((item) => item.id)).toEqual(['gen-21', 'gen-22', 'gen-23', 'gen-24', 'gen-25'])
  })

  it('shows the consistent avatar list 10 a view out of pages of 16', async () => {
    const { calls } = serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page, 16)))
    const view = await loadGalleryView({ ...ada, tab: 'minmax', viewPage: 2, online: true })
    expect(calls.map((call) => [call.path, call.body.page, call.body.limit])).toEqual([
      ['/api/fal/v1/getMinMaxGallery', 1, 16],
      ['/api/fal/v1/getMinMaxGallery', 2, 16],
    ])
    expect(view.kind === 'fresh' && view.items.map((item) => item.id)).toEqual([
      'gen-11',
      'gen-12',
      'gen-13',
      'gen-14',
      'gen-15',
      'gen-16',
      'gen-17',
      'gen-18',
      'gen-19',
      'gen-20',
    ])
  })

  it('gives lip-sync items the spec §3 type', async () => {
    serveGallery(() => Response.json(galleryAnswer(1, 1)))
    const view = await loadGalleryView({ ...ada, tab: 'lipsync', viewPage: 1, online: true })
    expect(view.kind === 'fresh' && view.items[0]?.type).toBe('lipsync')
  })

  it('reports a server error as failed, not as the saved copy', async () => {
    serveGallery(() => Response.json(galleryAnswer(25, 1)))
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })
    serveGallery(() => Response.json({ error: 'boom' }, { status: 500 }))
    expect(await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })).toEqual({ kind: 'failed' })
  })
})

describe('loadGalleryView offline (the gallery works offline)', () => {
  it('shows the saved page when the server cannot be reached', async () => {
    serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page)))
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 2, online: true })
    serveGallery(networkDown)
    const view = await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 2, online: true })
    expect(view).toMatchObject({ kind: 'saved', total: 25 })
    expect(view.kind === 'saved' && view.items[0]?.id).toBe('gen-11')
  })

  it('does not call the server while the browser is offline', async () => {
    serveGallery(({ body }) => Response.json(galleryAnswer(5, body.page)))
    await loadGalleryView({ ...ada, tab: 'lipsync', viewPage: 1, online: true })
    const { calls } = serveGallery(networkDown)
    expect(await loadGalleryView({ ...ada, tab: 'lipsync', viewPage: 1, online: false })).toMatchObject({ kind: 'saved', total: 5 })
    expect(calls).toEqual([])
  })

  it('says a page was never saved rather than showing an empty stage', async () => {
    serveGallery(networkDown)
    expect(await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })).toEqual({ kind: 'not-saved' })
  })

  it("never shows another user's saved pages", async () => {
    serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page)))
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })
    expect(await loadGalleryView({ uid: 'uid-bob', userId: 'user-bob', tab: 'ugc', viewPage: 1, online: false })).toEqual({ kind: 'not-saved' })
  })

  it('replaces the saved copy with fresh data and forgets pages past the new end', async () => {
    serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page)))
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 3, online: true })
    serveGallery(({ body }) => Response.json(galleryAnswer(12, body.page, 10, 'new-')))
    await loadGalleryView({ ...ada, tab: 'ugc', viewPage: 1, online: true })
    const offline = { ...ada, tab: 'ugc' as const, online: false }
    const first = await loadGalleryView({ ...offline, viewPage: 1 })
    expect(first.kind === 'saved' && [first.total, first.items[0]?.id]).toEqual([12, 'new-gen-1'])
    expect(await loadGalleryView({ ...offline, viewPage: 3 })).toEqual({ kind: 'not-saved' })
  })

  describe('a consistent avatar view over two server pages of 16 (docs/decisions/0160)', () => {
    const minmax = { ...ada, tab: 'minmax' as const }

    it('is not saved when only the first of its two existing server pages is', async () => {
      serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page, 16)))
      // View 1 (items 1-10) needs server page 1 alone; view 2 (items 11-20) needs pages 1 and 2.
      await loadGalleryView({ ...minmax, viewPage: 1, online: true })
      expect(await loadGalleryView({ ...minmax, viewPage: 2, online: false })).toEqual({ kind: 'not-saved' })
    })

    it('shows both pages once both are saved', async () => {
      serveGallery(({ body }) => Response.json(galleryAnswer(25, body.page, 16)))
      await loadGalleryView({ ...minmax, viewPage: 2, online: true })
      const view = await loadGalleryView({ ...minmax, viewPage: 2, online: false })
      expect(view).toMatchObject({ kind: 'saved', total: 25 })
      expect(ids(view)).toEqual(['gen-11', 'gen-12', 'gen-13', 'gen-14', 'gen-15', 'gen-16', 'gen-17', 'gen-18', 'gen-19', 'gen-20'])
    })

    it('needs no second page that does not exist', async () => {
      serveGallery(({ body }) => Response.json(galleryAnswer(16, body.page, 16)))
      await loadGalleryView({ ...minmax, viewPage: 1, online: true })
      const view = await loadGalleryView({ ...minmax, viewPage: 2, online: false })
      expect(view).toMatchObject({ kind: 'saved', total: 16 })
      expect(ids(view)).toEqual(['gen-11', 'gen-12', 'gen-13', 'gen-14', 'gen-15', 'gen-16'])
    })
  })
})
