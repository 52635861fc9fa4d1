// A transaction as the service answers it (docs/service-api.md, endpoint 6), with no jest in it: the
// refund simulator (scripts/simulate-refunds) builds its service's answers from it too.
export const LINK_ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2"
export const TX_ID = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"

/** A paid transaction (1,500.00 SAR, nothing refunded), with `overrides`. */
export function transaction(overrides: Record<string, unknown> = {}) {
  return {
    id: TX_ID,
    status: "success",
    type: "SANDBOX",
    created_at: "2026-01-01T10:00:00Z",
    trx_lang: "en",
    is_refundable: true,
    amount: "1500.00000",
    refunded_amount: "0.00",
    paymentBrand: "VISA",
    payment_method: "Card",
    payment_option: "Installment",
    number: "411111******1111",
    bank_name: "RAJHI",
    installment_duration: "6",
    installment_tracker: { id: "loan-1", status: "A", message: "Approved" },
    refund_tracker: [],
    payment_link_id: LINK_ID,
    client_email: "customer@example.com",
    client_phone_number: "+966501234567",
    ...overrides,
  }
}
