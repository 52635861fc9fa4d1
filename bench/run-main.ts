/**
 * Runs a benchmark's `main` and ends the process with its outcome: 0 once it resolves (a sandbox or
 * pool it left open must not keep the process alive), 1 with the stack when it throws.
 */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`)
      process.exit(1)
    }
  )
}
