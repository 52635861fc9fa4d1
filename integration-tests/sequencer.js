// Runs the integration specs in a fixed order: the long in-process specs first, while `npm test`
// prepares the store apps the later specs need in the background (scripts/prepare-test-stores.ts).
// Any other test file keeps jest's own order (slowest first), after these.
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

const ORDER = [
  "installments",
  "returns-reliability",
  "package",
  "stock-store",
  "production",
  "demo",
  "admin",
  "checkout-no-verdict-reuse",
].map((name) => `${name}.spec.ts`)

const rank = (test) => {
  const index = test.path.includes(`${path.sep}integration-tests${path.sep}`) ? ORDER.indexOf(path.basename(test.path)) : -1
  return index < 0 ? ORDER.length : index
}

class IntegrationSequencer extends Sequencer {
  async sort(tests) {
    const byJest = await super.sort(tests)
    return [...byJest].sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = IntegrationSequencer
