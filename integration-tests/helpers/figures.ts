import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"

/** Figures a reliability run measures, printed as one table at its end (never asserted as limits). */
export class Figures {
  private readonly rows: [string, string, string][] = []

  /** Records one figure of a scenario. */
  add(scenario: string, figure: string, value: string | number) {
    this.rows.push([scenario, figure, typeof value === "number" ? value.toLocaleString("en-US") : value])
  }

  /** The figures as a markdown table, in the order they were recorded. */
  table(): string {
    const lines = ["| scenario | figure | value |", "|---|---|---|"]
    return [...lines, ...this.rows.map((row) => `| ${row.join(" | ")} |`)].join("\n")
  }

  /** Prints the table under `title` and keeps it in test-results/<file> for docs/operations.md. */
  publish(file = "reliability.md", title = "Reliability figures") {
    const table = this.table()
    const dir = path.resolve(__dirname, "../../test-results")
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, file), `${table}\n`)
    process.stdout.write(`\n${title}\n${table}\n\n`)
  }
}

/** The p-th percentile (0-100) of durations, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
