import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VoiceRecorder } from './voice-recorder'

/** A stand-in for the browser's MediaRecorder: one chunk of the take when stopped. */
class FakeRecorder extends EventTarget {
  static supported = new Set(['audio/mp4'])
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type)
  static last: FakeRecorder | null = null
  state: RecordingState = 'inactive'
  readonly mimeType: string
  constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
    super()
    this.mimeType = options?.mimeType ?? 'audio/webm'
    FakeRecorder.last = this
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    const data = new Blob(['take bytes'], { type: this.mimeType })
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }))
    this.dispatchEvent(new Event('stop'))
  }
}

function microphone() {
  const track = { stop: vi.fn<() => void>() }
  const stream = { getTracks: () => [track] }
  return { track, stream }
}

function renderRecorder() {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onRecording = vi.fn<(file: File) => void>()
  const view = render(
    <I18nProvider i18n={i18n}>
      <VoiceRecorder onRecording={onRecording} disabled={false} />
    </I18nProvider>,
  )
  return { onRecording, unmount: view.unmount, user: userEvent.setup() }
}

function useMicrophone(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeRecorder)
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }))
}

afterEach(() => vi.unstubAllGlobals())

describe('VoiceRecorder (spec §4 record mode)', () => {
  it('records on Start, stops on Stop, releases the microphone and hands over the take', async () => {
    const { track, stream } = microphone()
    useMicrophone(() => Promise.resolve(stream))
    const { user, onRecording } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Recording… 0:00')
    expect(FakeRecorder.last?.mimeType).toBe('audio/mp4')
    await user.click(screen.getByRole('button', { name: 'Stop recording' }))
    await waitFor(() => expect(onRecording).toHaveBeenCalledTimes(1))
    // jsdom has no Web Audio: the original take is uploaded (decision 0150).
    const file = onRecording.mock.calls[0]?.[0]
    expect(file?.name).toBe('recording.m4a')
    expect(await file?.text()).toBe('take bytes')
    expect(track.stop).toHaveBeenCalled()
  })

  it('explains how to allow a refused microphone', async () => {
    useMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')))
    const { user } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("allow the microphone for this site in your browser's site settings")
  })

  it('releases the microphone when the form goes away mid-take', async () => {
    const { track, stream } = microphone()
    useMicrophone(() => Promise.resolve(stream))
    const { user, unmount } = renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    await screen.findByRole('button', { name: 'Stop recording' })
    unmount()
    expect(track.stop).toHaveBeenCalled()
    expect(FakeRecorder.last?.state).toBe('inactive')
  })
})
