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

  export default function autocannon(options: Options): Promise<Result>
}
