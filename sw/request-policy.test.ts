import { describe, expect, it } from 'vitest'
import {
  isSampleMedia,
  screenPage,
  keptVideoKeys,
  mayBeKeptVideo,
  sharedMediaFile,
  outdatedRuntimeCaches,
  servesShell,
  type RequestFacts,
} from './request-policy'

const origin = 'https://actorly.test'
const at = (path: string) => new URL(path, origin)
const navigation: RequestFacts = { method: 'GET', mode: 'navigate', headers: new Headers() }
const mediaFetch: RequestFacts = { method: 'GET', mode: 'no-cors', headers: new Headers() }

describe('servesShell', () => {
  it.each(['/', '/terms', '/privacy', '/demo', '/gallery', '/ugc-actor?step=2', '/no-such-page'])('gives the shell to a navigation to %s', (path) =>
    expect(servesShell(navigation, at(path), origin)).toBe(true),
  )

  it.each(['/api', '/api/anything', '/api/users/v1/a@b.c', '/media/abc.mp4', '/media', '/checkout/session-1', '/checkout'])(
    'leaves the server path %s to the network',
    (path) => expect(servesShell(navigation, at(path), origin)).toBe(false),
  )

  it('does not mistake a path that merely starts like a server path', () => {
    expect(servesShell(navigation, at('/apiary'), origin)).toBe(true)
  })

  it('leaves files, other origins and non-navigations alone', () => {
    expect(servesShell(navigation, at('/robots.txt'), origin)).toBe(false)
    expect(servesShell(navigation, new URL('https://elsewhere.test/terms'), origin)).toBe(false)
    expect(servesShell(mediaFetch, at('/terms'), origin)).toBe(false)
    expect(servesShell({ ...navigation, method: 'POST' }, at('/terms'), origin)).toBe(false)
  })
})

describe('screenPage', () => {
  it("names the build's page of a screen in a language, / being index", () => {
    expect(screenPage('/', 'de')).toBe('/pages/de/index.html')
    expect(screenPage('/gallery', 'en')).toBe('/pages/en/gallery.html')
    expect(screenPage('/ugc-actor/', 'de')).toBe('/pages/de/ugc-actor.html')
  })

  it('names none for a path that is not one screen', () => {
    for (const path of ['/a/b', '/../sw.js', '/Gallery', '/x.html']) expect(screenPage(path, 'en')).toBeNull()
  })
})

describe('isSampleMedia', () => {
  it('caches the landing samples and demo clips fetched by the page', () => {
    expect(isSampleMedia(mediaFetch, at('/samples/beach.mp4'), origin)).toBe(true)
    expect(isSampleMedia(mediaFetch, at('/samples/beach.jpg'), origin)).toBe(true)
    expect(isSampleMedia(mediaFetch, at('/demo/lipsync.mp4'), origin)).toBe(true)
  })

  it('never caches the demo screen itself, other paths or other origins', () => {
    expect(isSampleMedia(navigation, at('/demo/clip.mp4'), origin)).toBe(false)
    expect(isSampleMedia(mediaFetch, at('/demo'), origin)).toBe(false)
    expect(isSampleMedia(mediaFetch, at('/media/user-video.mp4'), origin)).toBe(false)
    expect(isSampleMedia(mediaFetch, new URL('https://cdn.test/samples/a.mp4'), origin)).toBe(false)
    expect(isSampleMedia({ ...mediaFetch, method: 'POST' }, at('/samples/a.mp4'), origin)).toBe(false)
  })

  it('never puts an authenticated request in Cache Storage', () => {
    const withToken: RequestFacts = { ...mediaFetch, headers: new Headers({ Authorization: 'Bearer x' }) }
    expect(isSampleMedia(withToken, at('/samples/beach.mp4'), origin)).toBe(false)
    expect(isSampleMedia(mediaFetch, at('/api/samples/x'), origin)).toBe(false)
  })
})

describe('outdatedRuntimeCaches', () => {
  it('lists only our own caches this version no longer uses', () => {
    const names = ['actorly-samples-v1', 'actorly-samples-v2', 'workbox-precache-v2-https://actorly.test/', 'other-app']
    expect(outdatedRuntimeCaches(names, ['actorly-samples-v2'], 'actorly-')).toEqual(['actorly-samples-v1'])
  })
})

describe('mayBeKeptVideo', () => {
  const videoElement = { ...mediaFetch, destination: 'video' } satisfies RequestFacts & Pick<Request, 'destination'>
  const pageFetch = { method: 'GET', mode: 'cors', headers: new Headers(), destination: '' } satisfies RequestFacts & Pick<Request, 'destination'>

  it('looks up our uploaded media, whoever asks for it', () => {
    expect(mayBeKeptVideo(videoElement, at('/media/abc.mp4'), origin)).toBe(true)
    expect(mayBeKeptVideo(pageFetch, at('/media/abc'), origin)).toBe(true)
    expect(mayBeKeptVideo({ ...pageFetch, mode: 'navigate' }, at('/media/abc.mp4'), origin)).toBe(true)
  })

  it('looks up a video file on another origin (a production media host)', () => {
    expect(mayBeKeptVideo(videoElement, new URL('https://cdn.test/v/clip'), origin)).toBe(true)
    expect(mayBeKeptVideo(pageFetch, new URL('https://cdn.test/v/clip.webm'), origin)).toBe(true)
  })

  it('never looks up the API, credentialed requests, writes, the cached samples or other files', () => {
    expect(mayBeKeptVideo(pageFetch, at('/api/fal/v1/video.mp4'), origin)).toBe(false)
    expect(mayBeKeptVideo({ ...pageFetch, headers: new Headers({ Authorization: 'Bearer x' }) }, at('/media/a.mp4'), origin)).toBe(false)
    expect(mayBeKeptVideo({ ...pageFetch, method: 'POST' }, at('/media/a.mp4'), origin)).toBe(false)
    expect(mayBeKeptVideo(videoElement, at('/samples/beach.mp4'), origin)).toBe(false)
    expect(mayBeKeptVideo(videoElement, at('/demo/lipsync.mp4'), origin)).toBe(false)
    expect(mayBeKeptVideo(pageFetch, at('/assets/index.js'), origin)).toBe(false)
    expect(mayBeKeptVideo(pageFetch, new URL('https://cdn.test/photo.jpg'), origin)).toBe(false)
  })
})

describe('keptVideoKeys', () => {
  it('tries the absolute URL, and for our origin the path the server may give', () => {
    expect(keptVideoKeys(at('/media/a.mp4?v=1'), origin)).toEqual([`${origin}/media/a.mp4?v=1`, '/media/a.mp4?v=1', `${origin}/media/a.mp4`, '/media/a.mp4'])
    expect(keptVideoKeys(new URL('https://cdn.test/a.mp4'), origin)).toEqual(['https://cdn.test/a.mp4'])
  })

  it('finds a video kept under its identity from any signed link to it, expired ones too', () => {
    const keys = keptVideoKeys(at('/media/a.mp4?exp=1700000000&sig=abc'), origin)
    expect(keys).toContain(`${origin}/media/a.mp4`)
    expect(keptVideoKeys(at('/media/a.mp4?exp=1900000000&sig=def'), origin)).toContain(`${origin}/media/a.mp4`)
    expect(keptVideoKeys(at('/samples/b.mp4?x=1'), origin)).not.toContain(`${origin}/samples/b.mp4`)
  })
})

describe('sharedMediaFile', () => {
  it('takes the first audio or video file of a share', () => {
    const photo = new File(['jpg'], 'photo.jpg', { type: 'image/jpeg' })
    const voice = new File(['wav'], 'voice.wav', { type: 'audio/wav' })
    const clip = new File(['mp4'], 'clip.mp4', { type: 'video/mp4' })
    expect(sharedMediaFile(['some text', photo, voice, clip])).toBe(voice)
    expect(sharedMediaFile([clip])).toBe(clip)
  })

  it('finds nothing in a share of text or other files', () => {
    expect(sharedMediaFile([])).toBeNull()
    expect(sharedMediaFile(['https://example.test', new File(['x'], 'notes.txt', { type: 'text/plain' })])).toBeNull()
  })
})
