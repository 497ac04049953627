import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'
import { deviceDb } from '@/device/device-db'
import { keepVideo, removeKeptVideo } from '@/device/kept-videos'
import { KeepFailureMessage } from './keep-failure-message'
import { StorageUsed } from './storage-used'

const clip = (name: string) => `https://actorly.test/media/${name}.mp4`

beforeEach(() => deviceDb.keptVideos.clear())
afterEach(() => Reflect.deleteProperty(navigator, 'storage'))

describe('StorageUsed', () => {
  it('counts this user’s kept videos and their size, live, and the room left', async () => {
    Object.defineProperty(navigator, 'storage', {
      value: { estimate: async () => ({ usage: 2_000_000, quota: 52_000_000 }) },
      configurable: true,
    })
    await keepVideo({ uid: 'u1', videoUrl: clip('a'), videoId: 'a', blob: new Blob(['x'.repeat(1500)]) })
    await keepVideo({ uid: 'u2', videoUrl: clip('b'), videoId: 'b', blob: new Blob(['y'.repeat(9000)]) })
    await renderInRouter(<StorageUsed uid="u1" />)

    expect(await screen.findByText(/Kept on this device: 1 video \(2 kB\)/)).toBeInTheDocument()
    expect(await screen.findByText(/50 MB free/)).toBeInTheDocument()
    await removeKeptVideo('u1', clip('a'))
    expect(await screen.findByText(/Kept on this device: 0 videos \(0 byte\)/)).toBeInTheDocument()
  })

  it('reads in German', async () => {
    await keepVideo({ uid: 'u1', videoUrl: clip('a'), videoId: 'a', blob: new Blob(['x'.repeat(2_500_000)]) })
    await renderInRouter(<StorageUsed uid="u1" />, { locale: 'de' })
    expect(await screen.findByText(/Auf diesem Gerät gespeichert: 1 Video \(2,5 MB\)/)).toBeInTheDocument()
  })
})

describe('KeepFailureMessage', () => {
  it('explains a full device and what to do about it', async () => {
    await renderInRouter(<KeepFailureMessage reason="quota" />)
    expect(screen.getByRole('alert')).toHaveTextContent('There is not enough space on this device to keep this video')
  })

  it('tells a network failure from a refusing browser', async () => {
    const network = await renderInRouter(<KeepFailureMessage reason="network" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection')
    network.unmount()
    await renderInRouter(<KeepFailureMessage reason="storage" />)
    expect(screen.getByRole('alert')).toHaveTextContent('It still plays while you are online')
  })
})
