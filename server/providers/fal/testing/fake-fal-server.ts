import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkFalSubmission } from './fake-fal-validation.ts'
import { kindOf, resultOf, type FakeTranscriptWord } from './fake-fal-results.ts'
import { createWebhookSigner, deliverWithRetries, postDelivery, type FalWebhookBody, type SignOptions } from './fake-fal-webhooks.ts'

// A local HTTP stand-in for fal.ai's queue REST API, for contract tests of
// the fal provider (docs/operations/generation.md). It speaks the same shapes:
//   POST {base}/{owner}/{alias}[/path]            -> { request_id, status: 'IN_QUEUE', status_url, response_url, cancel_url, queue_position }
//   GET  {base}/{owner}/{alias}/requests/{id}/status -> { status: IN_QUEUE | IN_PROGRESS | COMPLETED, ... } (202 until COMPLETED)
//   GET  {base}/{owner}/{alias}/requests/{id}        -> the model's output, e.g. { video: { url } }
//   PUT  {base}/{owner}/{alias}/requests/{id}/cancel
// with `Authorization: Key <credentials>`. Each submission is checked against
// the model's published input schema first (fake-fal-validation.ts: 422 with
// fal's error shape, as fal refuses it). Then it follows a script, so a test
// can ask for refusals, failures, slowness, a late success or another video.
// A submission with `?fal_webhook=<url>` gets fal's signed webhook when it
// ends (fake-fal-webhooks.ts; the test key's JWKS is GET /.well-known/jwks.json).

export interface FakeFalScript {
  /** Submit answers this HTTP status instead of accepting the job. */
  rejectSubmitWith?: number
  /** Status polls answering IN_QUEUE before the run starts (a late success: many). */
  queuedPolls?: number
  /** Status polls answering IN_PROGRESS before COMPLETED. */
  runningPolls?: number
  /** How the run ends in failure: an `error` on the COMPLETED status, or an error answer from the result. */
  failure?: { via: 'status-error' } | { via: 'result-error'; httpStatus: 422 | 500 }
  /** Status polls answering 503 first (transient; the client retries). */
  transientStatusErrors?: number
  /** Every answer about this request waits this long (slowness). */
  delayMs?: number
  /** Only status answers wait this long (a hung status call; submit answers at once). */
  statusDelayMs?: number
  /** The result names this video URL instead of the fake's own file. */
  resultUrl?: string
  /** The result file answers this HTTP status instead of the video. */
  resultFileStatus?: number
  /** The result file is this one instead of the fake's video (another shape or length). */
  resultFile?: string
  /** The run ends this long after the submission, polled or not (otherwise status polls move it along). */
  completeAfterMs?: number
  /** Send no webhook by itself (the test delivers them with sendWebhook). */
  holdWebhook?: boolean
  /** A speech-to-text model's words for this request (default: FAKE_TRANSCRIPT). */
  transcript?: FakeTranscriptWord[]
}

export { FAKE_TRANSCRIPT, type FakeTranscriptWord } from './fake-fal-results.ts'

/** The fake listens on loopback, which the SSRF-safe fetcher refuses unless a test allows it (never configuration). */
export const FAKE_FAL_POLICY = { trustedTestAddresses: ['127.0.0.1'] } as const

export interface FakeFalRequest {
  id: string
  app: string
  path: string
  input: unknown
  /** Submitted fields the model's schema does not name: fal ignores them silently. */
  ignoredFields: string[]
  script: FakeFalScript
  polls: number
  transientLeft: number
  canceled: boolean
  /** The `fal_webhook` URL of the submission, if any. */
  webhookUrl: string | null
  /** When the run ended (time-based runs, or the poll that ended it). */
  endedAt: number | null
  /** Downloads of the result file. */
  downloads: number
  /** HTTP statuses our server answered to the webhooks sent by themselves. */
  webhookAnswers: number[]
}

export interface FakeFalServer {
  url: string
  /** Every accepted submission, in order. */
  requests: FakeFalRequest[]
  /** Status calls the fake has received but not answered yet (hung by statusDelayMs). */
  pendingStatusCalls(): number
  /** The script for the next submission (then the default again). */
  nextScript(script: FakeFalScript): void
  /** Where the fake publishes its webhook signing key (FAL_WEBHOOK_JWKS_URL in tests). */
  jwksUrl: string
  /** Delivers the request's webhook once now (signed unless the options forge it); answers our server's HTTP status. */
  sendWebhook(requestId: string, options?: SignOptions & { url?: string }): Promise<number>
  close(): Promise<void>
}

const STATUS_PATH = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? {} : JSON.parse(text)
}

/** Where a request stands: by time for a timed run, else after `polls` status answers. */
function stageOf(request: FakeFalRequest): 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' {
  if (request.script.completeAfterMs !== undefined) return request.endedAt === null ? 'IN_PROGRESS' : 'COMPLETED'
  const queued = request.script.queuedPolls ?? 0
  const running = request.script.runningPolls ?? 1
  if (request.polls <= queued) return 'IN_QUEUE'
  if (request.polls <= queued + running) return 'IN_PROGRESS'
  return 'COMPLETED'
}

/** fal's webhook body for how the scripted run ends: the model's output (as the queue answers it), or an error like fal's. */
function webhookBodyFor(request: FakeFalRequest, base: string): FalWebhookBody {
  const common = { request_id: request.id, gateway_request_id: request.id }
  if (request.script.failure === undefined) return { ...common, status: 'OK', payload: resultOf(request, base) }
  const detail = [{ loc: ['body', 'prompt'], msg: 'The prompt was flagged by the content checker', type: 'content_policy_violation' }]
  return { ...common, status: 'ERROR', error: 'Invalid status code: 422', payload: { detail } }
}

export async function startFakeFalServer(options: {
  credentials: string
  videoFile: string
  /** What a text-to-speech request answers with (a WAV); default: the video's file, which then fails as audio. */
  audioFile?: string
  defaultScript?: FakeFalScript
}): Promise<FakeFalServer> {
  const video = await readFile(options.videoFile)
  const audio = options.audioFile === undefined ? video : await readFile(options.audioFile)
  const requests = new Map<string, FakeFalRequest>()
  const log: FakeFalRequest[] = []
  const pending: FakeFalScript[] = []
  let base = ''
  let pendingStatus = 0

  const signer = createWebhookSigner()
  const webhookBodyOf = (request: FakeFalRequest): FalWebhookBody => webhookBodyFor(request, base)
  /** The run ended: tell our server, as fal does, unless the test delivers by hand. */
  const ended = (request: FakeFalRequest): void => {
    if (request.endedAt !== null) return
    request.endedAt = Date.now()
    if (request.webhookUrl === null || request.script.holdWebhook === true) return
    void deliverWithRetries(request.webhookUrl, webhookBodyOf(request), signer).then((answers) => request.webhookAnswers.push(...answers))
  }

  const urlsOf = (request: FakeFalRequest) => ({
    request_id: request.id,
    response_url: `${base}/${request.app}/requests/${request.id}`,
    status_url: `${base}/${request.app}/requests/${request.id}/status`,
    cancel_url: `${base}/${request.app}/requests/${request.id}/cancel`,
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base)
    if (req.method === 'GET' && url.pathname === '/.well-known/jwks.json') return send(res, 200, signer.jwks)
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const fileRequest = requests.get(url.pathname.slice('/files/'.length).replace(/\.(mp4|wav)$/, ''))
      if (fileRequest !== undefined) fileRequest.downloads += 1
      const script = fileRequest?.script
      if (script?.resultFileStatus !== undefined) return send(res, script.resultFileStatus, { detail: 'The file is not here' })
      const speech = fileRequest !== undefined && kindOf(fileRequest) === 'speech'
      const bytes = script?.resultFile === undefined ? (speech ? audio : video) : await readFile(script.resultFile)
      res.writeHead(200, { 'content-type': speech ? 'audio/wav' : 'video/mp4', 'content-length': String(bytes.length) })
      res.end(bytes)
      return
    }
    if (req.headers.authorization !== `Key ${options.credentials}`) {
      send(res, 401, { detail: 'Unauthorized' })
      return
    }
    const match = STATUS_PATH.exec(url.pathname)
    if (match === null) {
      if (req.method !== 'POST') return send(res, 405, { detail: 'Method not allowed' })
      const [, owner, alias, ...rest] = url.pathname.split('/')
      if (owner === undefined || alias === undefined) return send(res, 404, { detail: 'Application not found' })
      const input = await readJson(req)
      const checked = checkFalSubmission(url.pathname.slice(1), input)
      if (checked.errors.length > 0) return send(res, 422, { detail: checked.errors }, { 'x-fal-retryable': 'false' })
      const script = pending.shift() ?? options.defaultScript ?? {}
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs))
      if (script.rejectSubmitWith !== undefined) {
        return send(res, script.rejectSubmitWith, { detail: [{ loc: ['body'], msg: 'Rejected by the fake', type: 'value_error' }] })
      }
      const request: FakeFalRequest = {
        id: randomUUID(),
        app: `${owner}/${alias}`,
        path: rest.join('/'),
        input,
        ignoredFields: checked.ignoredFields,
        script,
        polls: 0,
        transientLeft: script.transientStatusErrors ?? 0,
        canceled: false,
        webhookUrl: url.searchParams.get('fal_webhook'),
        endedAt: null,
        downloads: 0,
        webhookAnswers: [],
      }
      requests.set(request.id, request)
      log.push(request)
      if (script.completeAfterMs !== undefined) setTimeout(() => ended(request), script.completeAfterMs).unref()
      return send(res, 200, { ...urlsOf(request), status: 'IN_QUEUE', queue_position: 0 })
    }
    const [, owner, alias, id = '', action] = match
    const request = requests.get(id)
    if (request === undefined || request.app !== `${owner}/${alias}`) return send(res, 404, { detail: 'Request not found' })
    if (request.script.delayMs) await new Promise((resolve) => setTimeout(resolve, request.script.delayMs))

    if (action === '/cancel' && req.method === 'PUT') {
      request.canceled = true
      return send(res, 202, { status: 'CANCELLATION_REQUESTED' })
    }
    if (action === '/status' && req.method === 'GET') {
      if (request.script.statusDelayMs) {
        pendingStatus += 1
        await new Promise((resolve) => setTimeout(resolve, request.script.statusDelayMs))
        pendingStatus -= 1
      }
      if (request.transientLeft > 0) {
        request.transientLeft -= 1
        return send(res, 503, { detail: 'No runner available', error_type: 'runner_scheduling_failure' })
      }
      request.polls += 1
      const stage = stageOf(request)
      if (stage === 'COMPLETED') ended(request)
      const body: Record<string, unknown> = { ...urlsOf(request), status: stage }
      if (stage === 'IN_QUEUE') body.queue_position = 0
      else body.logs = url.searchParams.get('logs') === '1' ? [] : null
      if (stage === 'COMPLETED' && request.script.failure?.via === 'status-error') {
        body.error = 'The model could not generate a video'
        body.error_type = 'runner_server_error'
      }
      return send(res, stage === 'COMPLETED' ? 200 : 202, body)
    }
    if (action === undefined && req.method === 'GET') {
      if (stageOf(request) !== 'COMPLETED') return send(res, 400, { detail: 'Request is still in progress' })
      const failure = request.script.failure
      if (failure?.via === 'result-error' && failure.httpStatus === 422) {
        return send(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'The prompt was flagged by the content checker', type: 'content_policy_violation' }] })
      }
      if (failure !== undefined) return send(res, 500, { detail: 'The runner crashed', error_type: 'runner_server_error' })
      return send(res, 200, resultOf(request, base), { 'x-fal-request-id': request.id })
    }
    send(res, 405, { detail: 'Method not allowed' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { detail: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string') throw new Error('The fake fal server has no port')
  base = `http://127.0.0.1:${address.port}`
  return {
    url: base,
    requests: log,
    pendingStatusCalls: () => pendingStatus,
    nextScript: (script) => pending.push(script),
    jwksUrl: `${base}/.well-known/jwks.json`,
    async sendWebhook(requestId, forgery = {}) {
      const request = requests.get(requestId)
      const target = forgery.url ?? request?.webhookUrl
      if (request === undefined || target === undefined || target === null) throw new Error(`no webhook for request ${requestId}`)
      request.endedAt ??= Date.now()
      return postDelivery(target, signer.sign(webhookBodyOf(request), forgery))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
