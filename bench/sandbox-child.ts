/**
 * The child side of bench/sandbox-process.ts: starts the benchmark sandbox on the port it is given,
 * reports its URL to the parent, and stops when told (or when the parent goes away).
 */
import { startBenchSandbox } from "./store"

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox(Number(process.argv[2]))
  const stop = () =>
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  process.on("message", (message) => message === "stop" && void stop())
  process.on("disconnect", () => void stop())
  process.send?.({ url: sandbox.url })
}

main().catch((error: unknown) => {
  process.send?.({ error: (error as Error).message ?? String(error) })
  process.exit(1)
})
