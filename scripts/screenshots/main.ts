import { freePort } from "../demo/plugin-package"
import { launchChromium } from "../../integration-tests/helpers/browser"
import { killDemo, runDemo, stopDemo, waitForOutput, type DemoRun } from "../../integration-tests/helpers/demo"
import { shootAdmin } from "./admin"
import { shootHealth } from "./health"
import { shootInsights } from "./insights"
import { seedMonthOfPayouts } from "./payouts"
import { IMAGES_DIR } from "./shots"
import { shootStorefront } from "./storefront"

// `npm run screenshots`: the pictures of README.md and docs/, taken from the demo store in chromium.
// It runs `npm run demo` (DATABASE_URL when set, else the demo's embedded PostgreSQL, on free ports),
// waits for its journey, photographs the storefront, the hosted page and the admin, and stops it.
// `npm run screenshots -- --reset` starts the demo over first, as the committed pictures were taken.

async function main(): Promise<void> {
  const ports = {
    DEMO_SANDBOX_PORT: String(await freePort()),
    DEMO_STORE_PORT: String(await freePort()),
    DEMO_STOREFRONT_PORT: String(await freePort()),
  }
  let run: DemoRun | undefined
  const browser = await launchChromium()
  try {
    process.stdout.write("Starting the demo (npm run demo)...\n")
    const reset = process.argv.includes("--reset") ? ["--reset"] : []
    run = runDemo({ databaseUrl: process.env.DATABASE_URL ?? "", ports, dropDatabase: async () => undefined }, reset)
    await waitForOutput(run, /Press Ctrl\+C/, 900_000)
    const output = run.output()
    const orderId = output.match(/order #\d+ \((order_\w+)\)/)![1]
    const adminUrl = output.match(/Admin\s+(http:\/\/\S+)\/app/)![1]
    const storefrontUrl = output.match(/Storefront\s+(http:\/\/\S+)\s/)![1]
    const sandboxUrl = output.match(/Sandbox\s+(http:\/\/\S+)\s/)![1]
    await seedMonthOfPayouts(sandboxUrl)

    process.stdout.write(`Taking the pictures into ${IMAGES_DIR}\n`)
    await shootStorefront(browser, storefrontUrl)
    await shootAdmin(browser, adminUrl, orderId)
    await shootInsights(browser, adminUrl, sandboxUrl)
    await shootHealth(browser, adminUrl)
  } finally {
    await browser.close()
    if (run) {
      await Promise.race([stopDemo(run), new Promise((resolve) => setTimeout(resolve, 60_000))])
      killDemo(run)
    }
  }
}

main().catch((error) => {
  process.stderr.write(`screenshots: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
