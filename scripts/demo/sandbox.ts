import path from "node:path"
import { startSandbox } from "../../sandbox/src"
import { MERCHANT } from "./config"

/** The sandbox of the installments service, its state kept in `dir` so links and refunds survive a restart. */
export async function startDemoSandbox(dir: string, port: number) {
  return startSandbox({
    port,
    host: "127.0.0.1",
    ...MERCHANT,
    allowHttpWebhooks: true,
    dataFile: path.join(dir, "sandbox.json"),
    // Refunds settle a few seconds after they are accepted, so the journey can show the rrn.
    settlementDelayMs: 2_000,
  })
}
