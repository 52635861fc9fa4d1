import type { LoadResult } from "./load"

export interface Row {
  name: string
  result: LoadResult
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width)
}

/** The results as a fixed-width table. */
export function formatTable(rows: Row[], unit = "req"): string {
  const header = `${pad("scenario", 22)} ${pad(unit === "req" ? "requests" : unit, 9, true)} ${pad("errors", 7, true)} ${pad(`${unit}/s`, 10, true)} ${pad("p50 ms", 9, true)} ${pad("p95 ms", 9, true)} ${pad("p99 ms", 9, true)}`
  const lines = rows.map(({ name, result }) =>
    [
      pad(name, 22),
      pad(String(result.total), 9, true),
      pad(String(result.errors), 7, true),
      pad(result.requestsPerSecond.toFixed(result.requestsPerSecond < 100 ? 1 : 0), 10, true),
      pad(result.p50Ms.toFixed(2), 9, true),
      pad(result.p95Ms.toFixed(2), 9, true),
      pad(result.p99Ms.toFixed(2), 9, true),
    ].join(" ")
  )
  return [header, "-".repeat(header.length), ...lines].join("\n")
}

/** Sandbox relative to the baseline: throughput share and latency multiples. */
export function formatRatios(name: string, sandbox: LoadResult, baseline: LoadResult, unit = "req"): string {
  const throughput = sandbox.requestsPerSecond / baseline.requestsPerSecond
  const p50 = sandbox.p50Ms / baseline.p50Ms
  const p99 = sandbox.p99Ms / baseline.p99Ms
  return `${pad(name, 22)} ${unit}/s x${throughput.toFixed(2)}   p50 x${p50.toFixed(2)}   p99 x${p99.toFixed(2)}`
}
