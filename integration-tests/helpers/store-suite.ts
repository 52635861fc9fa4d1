import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "./admin"
import type { SuiteContext } from "./context"
import { Sandbox, startTestSandbox } from "./sandbox"
import { EventBusWatch } from "./event-bus-idle"
import { ScheduledJobsWatch } from "./scheduled-jobs"
import { Seed, seedStore } from "./seed"
import { settleWebhooks } from "./settle"

/**
 * Boots one Medusa (this repository's medusa-config.ts, the plugin from ./src) against the sandbox,
 * seeds one store, registers its webhook, and runs `scenarios` in it. Each spec file calls this once:
 * a second Medusa in the same jest process fails to load (stock location module: "Map.prototype.set
 * called on incompatible receiver"), and `npm test` runs two such files side by side, one a process.
 */
export function storeSuite(scenarios: (ctx: SuiteContext) => void) {
  jest.setTimeout(120_000)
  let sandbox: Sandbox

  // Before Medusa boots: medusa-config.ts reads the sandbox's address and keys from the env.
  beforeAll(async () => {
    sandbox = await startTestSandbox()
  })
  afterAll(async () => {
    await sandbox?.stop()
  })

  medusaIntegrationTestRunner({
    testSuite: ({ api, getContainer }) => {
      let admin: { headers: Record<string, string> }
      let seed: Seed
      let jobs: ScheduledJobsWatch

      // Runs before the runner's first snapshot, so every test starts from this store.
      beforeAll(async () => {
        // Before any test queues an event: idle() must know of every one still to be published.
        EventBusWatch.of(getContainer())
        jobs = await ScheduledJobsWatch.of(getContainer())
        admin = await adminHeaders(getContainer())
        seed = await seedStore(api, admin)
        const url = `${api.defaults.baseURL}/hooks/payment/installments_installments`
        await api.post("/admin/installments/webhooks", { provider_id: "installments", url }, admin)
      })

      afterEach(async () => {
        await settleWebhooks(sandbox, getContainer())
      })

      // The runner's own afterAll stops Medusa; this block's runs before it, so no job is cut off mid-run.
      describe("", () => {
        afterAll(async () => {
          await jobs?.quiet()
        })

        scenarios({
          api,
          getContainer,
          get sandbox() {
            return sandbox
          },
          get admin() {
            return admin
          },
          get seed() {
            return seed
          },
        })
      })
    },
  })
}
