import http from "node:http"

/** One request as the load generator sends it. */
export interface RequestSpec {
  method: "GET" | "POST"
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface LoadOptions {
  baseUrl: string
  /** Requests measured. */
  total: number
  /** Requests in flight at once, each on its own kept-alive socket. */
  concurrency: number
  /** Requests sent first and not measured (JIT, socket setup, caches). */
  warmup: number
  /** Builds the i-th request, so scenarios can vary bodies or paths. */
  request: (index: number) => RequestSpec
  /** Status codes that count as answered; anything else is an error. */
  expectStatus: number[]
}

export interface LoadResult {
  total: number
  errors: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
}

function send(agent: http.Agent, base: URL, spec: RequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = spec.body === undefined ? undefined : Buffer.from(spec.body)
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: spec.method,
        path: spec.path,
        headers: { ...spec.headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
      },
      (res) => {
        // Drain the body: an unread response keeps its socket out of the keep-alive pool.
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
        res.on("error", reject)
      }
    )
    req.on("error", reject)
    req.end(body)
  })
}

/** Nearest-rank percentile over sorted nanosecond samples, in ms. */
export function percentileMs(sorted: bigint[], percentile: number): number {
  if (sorted.length === 0) {
    return 0
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1))
  return Number(sorted[rank]) / 1e6
}

async function drive(agent: http.Agent, options: LoadOptions, count: number, samples: bigint[] | null): Promise<number> {
  const base = new URL(options.baseUrl)
  let next = 0
  let errors = 0
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++
      const started = process.hrtime.bigint()
      try {
        const status = await send(agent, base, options.request(index))
        if (!options.expectStatus.includes(status)) {
          errors++
        }
      } catch {
        errors++
      }
      samples?.push(process.hrtime.bigint() - started)
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, count) }, worker))
  return errors
}

/** Sends `total` requests with `concurrency` in flight after a warm-up; reports throughput and latency. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency })
  try {
    await drive(agent, options, options.warmup, null)
    const samples: bigint[] = []
    const started = process.hrtime.bigint()
    const errors = await drive(agent, options, options.total, samples)
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    samples.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    return {
      total: options.total,
      errors,
      seconds,
      requestsPerSecond: options.total / seconds,
      p50Ms: percentileMs(samples, 50),
      p95Ms: percentileMs(samples, 95),
      p99Ms: percentileMs(samples, 99),
    }
  } finally {
    agent.destroy()
  }
}
