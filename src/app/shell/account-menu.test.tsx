import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn } from '@/app/testing/render-in-router'
import { deviceDb } from '@/device/device-db'
import { thisDevice } from '@/app/this-device'
import { countKeptVideos, keepVideo } from '@/device/kept-videos'
import { AccountMenu } from './account-menu'

// Sign-out from the account menu (spec §4; docs/quality.md "The device"). signedIn() is
// uid 'u1'; 'u2' is another account that used this device.
const video = (uid: string, name: string) => keepVideo({ uid, videoUrl: `https://actorly.test/media/${name}.mp4`, videoId: name, blob: new Blob([name]) })

async function renderMenu(onSignOut = vi.fn<() => Promise<void>>(() => Promise.resolve())) {
  await renderInRouter(<AccountMenu onSignOut={onSignOut} />, { session: signedIn(1) })
  return onSignOut
}

beforeEach(async () => {
  await Promise.all([deviceDb.keptVideos.clear(), deviceDb.galleryPages.clear()])
})

describe('AccountMenu sign-out', () => {
  it('signs out at once when nothing is kept on this device', async () => {
    const onSignOut = await renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('asks about kept videos; Keep signs out and leaves them', async () => {
    await video('u1', 'a')
    await video('u1', 'b')
    const onSignOut = await renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove videos kept on this device?' })
    expect(dialog).toHaveTextContent('2 videos are kept on this device')
    expect(onSignOut).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }))

    expect(onSignOut).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await countKeptVideos('u1')).toBe(2)
  })

  it('Remove signs out and removes only this user’s kept videos', async () => {
    await video('u1', 'a')
    await video('u2', 'other')
    const onSignOut = await renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }))

    expect(onSignOut).toHaveBeenCalledOnce()
    await waitFor(async () => expect(await countKeptVideos('u1')).toBe(0))
    expect(await countKeptVideos('u2')).toBe(1)
  })

  it('Escape cancels the sign-out', async () => {
    await video('u1', 'a')
    const onSignOut = await renderMenu()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await screen.findByRole('alertdialog')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('keeps the videos when the sign-out itself fails, and says so', async () => {
    await video('u1', 'a')
    await renderMenu(vi.fn<() => Promise<void>>(() => Promise.reject(new Error('offline'))))
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign out')
    expect(await countKeptVideos('u1')).toBe(1)
  })
})

describe('after any sign-out', () => {
  it('forgets every cached gallery page on this device (what the app hands the session)', async () => {
    await deviceDb.galleryPages.bulkPut([
      { uid: 'u1', tab: 'ugc', page: 1, answer: {}, fetchedAt: 1 },
      { uid: 'u2', tab: 'minmax', page: 2, answer: {}, fetchedAt: 1 },
    ])
    await thisDevice.forgetSignedOut()
    expect(await deviceDb.galleryPages.count()).toBe(0)
  })
})
