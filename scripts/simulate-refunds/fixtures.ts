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
export const silentLogger = { info: quiet, warn: quiet, error: quiet, debug: quiet, log: quiet }
export const ourInstance = { instanceId: async () => "inst_simulated" }

/** A paid transaction as the service reads it (docs/service-api.md, endpoint 6). */
export function transactionJson(fields: Record<string, unknown>) {
  return {
    status: "success",
    type: "SANDBOX",
    created_at: "2026-01-01T10:00:00Z",
    trx_lang: "en",
    is_refundable: true,
    paymentBrand: "VISA",
    payment_method: "Card",
    payment_option: "Installment",
    number: "411111******1111",
    bank_name: "RAJHI",
    installment_duration: "6",
    installment_tracker: { id: "loan-1", status: "A", message: "Approved" },
    refund_tracker: [],
    payment_link_id: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
    ...fields,
  }
}
