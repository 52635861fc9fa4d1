/** What the simulated store is configured with: one registration, against the simulated service. */
export const OPTIONS = {
  secretKey: "sk_test_simulated_refunds",
  publicKey: "sandbox-pk_simulated",
  storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  baseUrl: "https://installments.simulated",
  callbackUrl: "https://shop.test/checkout/return?session={session_id}&cart={cart_id}",
  maxRetries: 2,
  retryBaseDelayMs: 0,
  processingRetryDelayMs: 0,
}

const quiet = () => undefined
const told = (message: string) => {
  if (process.env.SIM_TRACE) console.error(`        plugin: ${message}`)
}
export const silentLogger = { info: told, warn: told, error: told, debug: quiet, log: quiet }
export const ourInstance = { instanceId: async () => "inst_simulated", recordLinkMade: async (_sessionId: string) => undefined }
