import type { ContractScenario, ContractTarget } from "./target"

/** The jest title of a scenario: its rule first, so a failing run lists the rules that broke. */
export function scenarioTitle(scenario: ContractScenario): string {
  return `[${scenario.rule}] ${scenario.name}`
}

/**
 * Runs one scenario against one target; a failure is rethrown with the rule and the target named
 * first, so when one target passes and the other fails the two reports show which rule they read
 * differently. The original error stays as `cause`, its message and stack kept.
 */
export async function runScenario(scenario: ContractScenario, target: ContractTarget): Promise<void> {
  try {
    await scenario.run(target)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // The compile target (ES2021) has no Error options, so `cause` is set as a property.
    const named = Object.assign(
      new Error(`rule "${scenario.rule}" failed against the ${target.name} target (${scenario.name}):\n${message}`),
      { cause: error }
    )
    if (error instanceof Error && error.stack) {
      named.stack = `${named.message}\n${error.stack.split("\n").slice(1).join("\n")}`
    }
    throw named
  }
}
