// The canned media the scripted demo shows (spec §2 Demo), served from public/demo/.
// They are illustrative samples drawn without AI (docs/decisions/0083); the demo never calls the server.
export const DEMO_MEDIA = {
  generatedVideo: '/demo/ugc.mp4',
  generatedPoster: '/demo/ugc.jpg',
  lipSyncVideo: '/demo/lipsync.mp4',
  lipSyncPoster: '/demo/lipsync.jpg',
  audio: '/demo/audio.mp3',
} as const

/** The name shown on the demo audio's file card. */
export const DEMO_AUDIO_FILE_NAME = 'demo-voice.mp3'

/** spec §2: Download saves the output as ugc-video.mp4. */
export const DOWNLOAD_FILE_NAME = 'ugc-video.mp4'
