#!/usr/bin/env node
// The `installments-sandbox` command. npm links a package's bin when it installs it, and skips a
// bin whose file does not exist yet: in this repository's workspace that is before `npm run build`
// writes dist/, so a bin pointing into dist/ was never linked in a fresh clone. This committed file
// always exists and loads the built CLI when it is called.
const path = require("node:path")

const built = path.join(__dirname, "..", "dist", "sandbox", "src", "cli.js")
let cli
try {
  cli = require(built)
} catch (error) {
  if (error && error.code === "MODULE_NOT_FOUND" && String(error.message).includes(built)) {
    process.stderr.write(
      "installments-sandbox is not built yet: run `npm run build` in the repository (it builds the sandbox workspace too)\n"
    )
    process.exit(1)
  }
  throw error
}
cli.runCli(process.argv.slice(2))
