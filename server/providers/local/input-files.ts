import type { OutputStore, RemoteFetcher } from '../provider.ts'

// The local renderer works on files. An input of our own media store is
// materialised from it (the disk store hands out its own file); any other URL
// is downloaded through the SSRF-safe fetcher (only http(s), no private
// targets, size and time capped).

export interface InputFile {
  file: string
  release(): Promise<void>
}

export async function inputFileFor(
  url: string,
  kind: 'audio' | 'video' | 'image',
  deps: { store: OutputStore; fetchRemote: RemoteFetcher },
  signal: AbortSignal,
): Promise<InputFile> {
  const local = await deps.store.localFileFor(url, signal)
  if (local !== null) return local
  const fetched = await deps.fetchRemote(url, kind, signal)
  return { file: fetched.file, release: () => fetched.cleanup() }
}

/** Opens every input, and releases the ones already opened if a later one fails. */
export async function withInputFiles<T>(
  inputs: { url: string; kind: 'audio' | 'video' | 'image' }[],
  deps: { store: OutputStore; fetchRemote: RemoteFetcher },
  signal: AbortSignal,
  work: (files: string[]) => Promise<T>,
): Promise<T> {
  const opened: InputFile[] = []
  try {
    for (const input of inputs) opened.push(await inputFileFor(input.url, input.kind, deps, signal))
    return await work(opened.map((input) => input.file))
  } finally {
    await Promise.all(opened.map((input) => input.release().catch(() => {})))
  }
}
