/** A failed demo step: what was being done, why it failed, and what to check. */
export class StepError extends Error {
  constructor(
    readonly step: string,
    readonly reason: string,
    readonly hint: string
  ) {
    super(`${step}: ${reason}`)
  }
}

/** Runs one named step, printing it with its duration; a failure becomes a StepError naming it. */
export async function step<T>(name: string, run: () => Promise<T> | T, hint = "the output above"): Promise<T> {
  const started = Date.now()
  process.stdout.write(`  … ${name}\n`)
  try {
    const result = await run()
    process.stdout.write(`  ✔ ${name} (${seconds(Date.now() - started)})\n`)
    return result
  } catch (error) {
    process.stdout.write(`  ✘ ${name} (${seconds(Date.now() - started)})\n`)
    if (error instanceof StepError) {
      throw error
    }
    throw new StepError(name, reasonOf(error), hint)
  }
}

/** Prints a detail line under the step that produced it. */
export function detail(text: string): void {
  process.stdout.write(`      ${text}\n`)
}

/** The words of an error, including Medusa's JSON error body when the js-sdk carries one. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const status = (error as { status?: number }).status
    return status ? `HTTP ${status}: ${error.message}` : error.message
  }
  return String(error)
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
