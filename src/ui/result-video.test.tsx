import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ResultVideo } from './result-video'

const VIDEO = 'http://127.0.0.1/media/out.mp4'

/** The browser's autoplay policy: playing with sound is refused until the user has tapped; without sound it plays. */
function autoplayPolicy(allowSound: boolean) {
  const played: boolean[] = []
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.muted)
    if (!this.muted && !allowSound) return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'))
    return Promise.resolve()
  })
  return played
}

function renderVideo(autoPlay: boolean) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  return render(
    <I18nProvider i18n={i18n}>
      <ResultVideo src={VIDEO} label="Generated video" autoPlay={autoPlay} />
    </I18nProvider>,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('ResultVideo: the result plays where it was made', () => {
  it('plays with sound where the browser allows it, with nothing more to tap', async () => {
    const played = autoplayPolicy(true)
    renderVideo(true)
    await vi.waitFor(() => expect(played).toEqual([false]))
    expect(screen.queryByRole('button', { name: 'Tap for sound' })).toBeNull()
  })

  it('plays muted where sound needs a tap, says "Tap for sound", and the tap turns it on', async () => {
    const played = autoplayPolicy(false)
    renderVideo(true)
    const tap = await screen.findByRole('button', { name: 'Tap for sound' })
    expect(played).toEqual([false, true])
    const video = screen.getByLabelText('Generated video')
    if (!(video instanceof HTMLVideoElement)) throw new Error('not a video')
    expect(video.muted).toBe(true)
    await userEvent.click(tap)
    expect(video.muted).toBe(false)
    expect(screen.queryByRole('button', { name: 'Tap for sound' })).toBeNull()
  })

  it('does not start by itself when it was not just made (e.g. a video opened by its address)', async () => {
    const played = autoplayPolicy(false)
    renderVideo(false)
    expect(screen.getByLabelText('Generated video')).toHaveAttribute('src', VIDEO)
    await Promise.resolve()
    expect(played).toEqual([])
  })
})
