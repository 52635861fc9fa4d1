import { runScenario, scenarioTitle } from "./run-scenario"
import { scenarios } from "./scenarios"
import type { ContractScenario, ContractTarget } from "./target"

describe("contract scenarios name their rule", () => {
  it("every scenario has its own rule", () => {
    const rules = scenarios.map((scenario) => scenario.rule.trim())
    expect(rules.filter((rule) => rule === "")).toEqual([])
    expect(new Set(rules).size).toBe(rules.length)
  })

  it("a failure names the rule and the target, and keeps the assertion's message", async () => {
    const scenario: ContractScenario = {
      rule: "D99: an example rule",
      name: "an example",
      async run() {
        expect(1).toBe(2)
      },
    }
    const target = { name: "sandbox" } as ContractTarget
    const failure = runScenario(scenario, target)
    await expect(failure).rejects.toThrow(/^rule "D99: an example rule" failed against the sandbox target \(an example\):\n/)
    await expect(runScenario(scenario, target)).rejects.toThrow(/Expected: 2/)
    expect(scenarioTitle(scenario)).toBe("[D99: an example rule] an example")
  })
})
