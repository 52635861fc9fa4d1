import { startSandboxTarget } from "./sandbox-target"
import { runScenario, scenarioTitle } from "./run-scenario"
import { scenarios } from "./scenarios"
import type { ContractTarget } from "./target"

// The same scenarios as nock.contract.spec.ts, over real HTTP to the sandbox: no nock in this file.
// Scale 5 writes amounts as the live service does ("299.99000", D4): the client must read them
// exactly, not compare strings.
describe.each([2, 5])("client contract against the sandbox (amounts with %i decimals)", (amountScale) => {
  let target: ContractTarget
  let stop: () => Promise<void>

  beforeAll(async () => {
    ;({ target, stop } = await startSandboxTarget(amountScale))
  })

  afterAll(async () => {
    await stop?.()
  })

  it.each(scenarios.map((scenario) => [scenarioTitle(scenario), scenario] as const))(
    "%s",
    async (_title, scenario) => {
      await runScenario(scenario, target)
    },
    30_000
  )
})
