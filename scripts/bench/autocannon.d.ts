// The part of autocannon 9's Node API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number
    max: number
    p50: number
    p90: number
    p99: number
  }

  export interface Options {
    url: string
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number
    /** Requests per second each connection sends; without it, the next as soon as an answer arrives. */
    connectionRate?: number
    /** Record plain latencies when a rate is set (autocannon 9 corrects with a 1 ms interval, not 1000 / rate). */
    ignoreCoordinatedOmission?: boolean
  }

  export interface Result {
    /** Milliseconds. */
    latency: Histogram
    /** Requests per second, sampled each second. */
    requests: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    /** Answers per HTTP status code. */
    statusCodeStats: Record<string, { count: number }>
    /** Seconds. */
    duration: number
  }

  /** A running load: a promise of its Result that also reports every answer. */
  export interface Instance extends PromiseLike<Result> {
    /** responseTime in milliseconds. */
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): this
  }

  export default function autocannon(options: Options): Instance
}
