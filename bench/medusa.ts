/**
 * The checkout and webhook route benchmarks on one boot of the benchmark store (bench/checkout.ts,
 * bench/webhooks.ts). Prints results only. Run under the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:medusa
 */
import { runCheckoutBench } from "./checkout"
import { withBenchStore } from "./store"
import { runWebhookBench } from "./webhooks"

withBenchStore(async (store, sandbox) => {
  await runCheckoutBench(store)
  await runWebhookBench(store, sandbox)
}).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`)
    process.exit(1)
  }
)
