/**
 * Prepares the store apps the integration specs run (integration-tests/helpers/store-apps.ts): the
 * packed plugin installed into examples/store once, and the stock and production apps built on it.
 * `npm test` runs this in the background while the first specs run; the specs wait for it.
 */
import { prepareStoreApps } from "../integration-tests/helpers/store-apps"

const started = Date.now()
prepareStoreApps().then(
  () => process.stdout.write(`store apps ready in ${((Date.now() - started) / 1000).toFixed(0)} s\n`),
  (error: Error) => {
    // The specs that need an app prepare it again themselves and fail with this in their report.
    process.stderr.write(`store apps: ${error.message}\n`)
    process.exit(1)
  }
)
