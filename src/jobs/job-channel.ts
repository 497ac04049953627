import type { JobProgress } from './job-progress'

// Tabs that do not poll learn the progress from the one that does. Outcomes
// travel through the job rows themselves (Dexie's live queries reach every tab).
const CHANNEL_NAME = 'actorly-jobs'

export type ChannelMessage =
  | { type: 'progress'; uid: string; requestId: string; progress: JobProgress }
  /** A tab that just opened asks the polling tab for what it shows. */
  | { type: 'ask'; uid: string }

export interface JobChannel {
  post(message: ChannelMessage): void
  close(): void
}

function isMessage(data: unknown): data is ChannelMessage {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('uid' in data)) return false
  return data.type === 'ask' || (data.type === 'progress' && 'requestId' in data && 'progress' in data)
}

export function openJobChannel(onMessage: (message: ChannelMessage) => void): JobChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined }
  const channel = new BroadcastChannel(CHANNEL_NAME)
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isMessage(event.data)) onMessage(event.data)
  })
  return {
    // A BroadcastChannel reaches only this origin's tabs; it takes no target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    post: (message) => channel.postMessage(message),
    close: () => channel.close(),
  }
}
