import nock from "nock"
import { startNockTarget } from "./nock-target"
import { runScenario, scenarioTitle } from "./run-scenario"
import { scenarios } from "./scenarios"
import type { ContractTarget } from "./target"

// The same scenarios run against the sandbox in sandbox.contract.spec.ts.
describe("client contract against the nock fake", () => {
  let target: ContractTarget
  let stop: () => void

  beforeAll(() => {
    if (!nock.isActive()) {
      nock.activate()
    }
    nock.disableNetConnect()
    ;({ target, stop } = startNockTarget())
  })

  afterAll(() => {
    stop()
    nock.enableNetConnect()
    nock.restore()
  })

  it.each(scenarios.map((scenario) => [scenarioTitle(scenario), scenario] as const))("%s", async (_title, scenario) => {
    await runScenario(scenario, target)
  })
})
