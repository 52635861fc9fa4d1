/**
 * Prepares the store apps the integration specs run (integration-tests/helpers/store-apps.ts): the
 * packed plugin installed into examples/store once, and the production and stock apps built on it.
 * `npm test` runs this in the background while the first specs run; a spec waits only for the step
 * it needs (the install, or its app).
 */
import { prepareStoreApps } from "../integration-tests/helpers/store-apps"

const started = Date.now()
prepareStoreApps().then(
  (steps) => process.stdout.write(`store apps ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${steps.join(", ")})\n`),
  (error: Error) => {
    // The specs that need an app prepare it again themselves and fail with this in their report.
    process.stderr.write(`store apps: ${error.message}\n`)
    process.exit(1)
  }
)
