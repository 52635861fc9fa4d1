/**
 * Two timings the sandbox's tests used to assert in wall-clock milliseconds (a control call answered
 * while an API latency fault is set; stop() with a request held in a latency wait), measured here
 * instead, each against a baseline of the same server in the same process, so the figures are
 * ratios that mean the same on a slow shared machine as on a fast one. Prints only; asserts nothing.
 */
import { randomUUID } from "node:crypto"
import { startSandbox, type RunningSandbox } from "../sandbox/src"

const SAMPLES = 40
const API_LATENCY_MS = 150
// Held far longer than any stop() takes: a stop() that waited for it would show as ~600x its baseline.
const HELD_LATENCY_MS = 60_000
const STOP_RUNS = 5

const SECRET = `bench-secret-${randomUUID()}`
const PUBLIC = `sandbox-bench-${randomUUID()}`
const STORE = randomUUID()
const apiHeaders = { Authorization: SECRET, "X-Service-Key": PUBLIC, Accept: "application/json" }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint()
  await action()
  return Number(process.hrtime.bigint() - started) / 1e6
}

async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers })
  await response.arrayBuffer()
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status}`)
  }
}

async function setFaults(sandbox: RunningSandbox, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!response.ok) {
    throw new Error(`setting faults answered ${response.status}: ${await response.text()}`)
  }
}

async function medianOf(samples: number, action: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    times.push(await timed(action))
  }
  return median(times)
}

const boot = () => startSandbox({ port: 0, secretKey: SECRET, publicKey: PUBLIC, storeId: STORE })

export interface TimingFigure {
  name: string
  ms: number
  baselineName: string
  baselineMs: number
}

/** A control call and an API call with a latency fault set, each against the same call with none. */
async function controlUnderLatency(): Promise<TimingFigure[]> {
  const sandbox = await boot()
  try {
    const controlCall = () => get(`${sandbox.url}/__sandbox/clock`)
    const apiCall = () => get(`${sandbox.url}/check/bin_numbers_lookup/?bin=409201`, apiHeaders)
    await medianOf(SAMPLES, controlCall) // warm-up: JIT and the kept-alive socket
    await medianOf(SAMPLES, apiCall)
    const controlBaseline = await medianOf(SAMPLES, controlCall)
    const apiBaseline = await medianOf(SAMPLES, apiCall)
    await setFaults(sandbox, { latency_ms: API_LATENCY_MS })
    const controlFaulted = await medianOf(SAMPLES, controlCall)
    const apiFaulted = await medianOf(Math.min(SAMPLES, 10), apiCall)
    return [
      {
        name: `control GET /clock, ${API_LATENCY_MS} ms API latency set`,
        ms: controlFaulted,
        baselineName: "same call, no faults",
        baselineMs: controlBaseline,
      },
      {
        name: `API BIN lookup, ${API_LATENCY_MS} ms API latency set`,
        ms: apiFaulted,
        baselineName: "same call, no faults",
        baselineMs: apiBaseline,
      },
    ]
  } finally {
    await sandbox.stop()
  }
}

/** stop() of a sandbox holding a request in a latency wait, against stop() of an idle one. */
async function stopWithHeldRequest(): Promise<TimingFigure> {
  const idle: number[] = []
  const held: number[] = []
  for (let run = 0; run < STOP_RUNS; run++) {
    const quiet = await boot()
    await get(`${quiet.url}/__sandbox/clock`)
    idle.push(await timed(() => quiet.stop()))

    const busy = await boot()
    await setFaults(busy, { latency_ms: HELD_LATENCY_MS })
    const inFlight = fetch(`${busy.url}/check/bin_numbers_lookup/?bin=409201`, { headers: apiHeaders }).catch(() => undefined)
    while (busy.core.pendingDelays === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    held.push(await timed(() => busy.stop()))
    await inFlight
  }
  return {
    name: `stop(), one request held in a ${HELD_LATENCY_MS / 1000} s latency wait`,
    ms: median(held),
    baselineName: "stop() of an idle sandbox",
    baselineMs: median(idle),
  }
}

/** Runs both measurements; medians of SAMPLES calls (STOP_RUNS stops), in milliseconds. */
export async function measureTimings(): Promise<TimingFigure[]> {
  return [...(await controlUnderLatency()), await stopWithHeldRequest()]
}

/** The figures as lines: each timing, its baseline and their ratio. */
export function formatTimings(figures: TimingFigure[]): string {
  return figures
    .map(
      (figure) =>
        `${figure.name.padEnd(58)} ${figure.ms.toFixed(2).padStart(8)} ms   vs ${figure.baselineName} ${figure.baselineMs.toFixed(2)} ms   x${(figure.ms / figure.baselineMs).toFixed(2)}`
    )
    .join("\n")
}
