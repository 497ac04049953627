import { useCallback, useEffect, useRef, useState } from 'react'
import { pickRecordingType } from './recording-format'

// spec §4 "Audio source mode": recording starts and stops the microphone on the
// user's press and yields the take. The microphone is released when the take
// ends and when the form goes away.

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  /** NotAllowedError/SecurityError: the user or the browser refused the microphone. */
  | { status: 'denied' }
  /** No microphone, no MediaRecorder, or the recorder broke. */
  | { status: 'unavailable' }

export interface AudioRecorder {
  state: RecorderState
  start(): Promise<void>
  /** Ends the take; resolves with it, or null when nothing was recorded. */
  stop(): Promise<Blob | null>
}

function isDenied(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
}

export function useAudioRecorder(): AudioRecorder {
  const [state, setState] = useState<RecorderState>({ status: 'idle' })
  const recorderRef = useRef<MediaRecorder | null>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const chunksRef = useRef<Blob[]>([])

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop())
    streamRef.current = null
  }, [])

  useEffect(
    () => () => {
      const recorder = recorderRef.current
      recorderRef.current = null
      if (recorder !== null && recorder.state !== 'inactive') recorder.stop()
      release()
    },
    [release],
  )

  const start = useCallback(async () => {
    if (recorderRef.current !== null) return
    if (typeof MediaRecorder === 'undefined' || navigator.mediaDevices?.getUserMedia === undefined) {
      setState({ status: 'unavailable' })
      return
    }
    setState({ status: 'starting' })
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      streamRef.current = stream
      const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type))
      const recorder = new MediaRecorder(stream, mimeType === '' ? undefined : { mimeType })
      chunksRef.current = []
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunksRef.current.push(event.data)
      })
      recorderRef.current = recorder
      recorder.start()
      setState({ status: 'recording', startedAt: Date.now() })
    } catch (error) {
      release()
      recorderRef.current = null
      setState({ status: isDenied(error) ? 'denied' : 'unavailable' })
    }
  }, [release])

  const stop = useCallback(async () => {
    const recorder = recorderRef.current
    if (recorder === null) return null
    if (recorder.state !== 'inactive') {
      const ended = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }))
      recorder.stop()
      await ended
    }
    recorderRef.current = null
    release()
    setState({ status: 'idle' })
    const chunks = chunksRef.current
    chunksRef.current = []
    return chunks.length === 0 ? null : new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || '' })
  }, [release])

  return { state, start, stop }
}
