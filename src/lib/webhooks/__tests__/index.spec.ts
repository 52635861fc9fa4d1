import * as webhooks from "../index"
import { keyPair, modalClosedEvent } from "./fixtures"

describe("public API", () => {
  it("exports the verifier, the parser, the signer and their schemas", () => {
    expect(Object.keys(webhooks).sort()).toEqual(
      [
        "DEFAULT_WEBHOOK_SIGNATURE_SCHEME",
        "ModalClosedEvent",
        "ModalClosedEventData",
        "PaymentLinkExpiredEvent",
        "TRANSACTION_EVENT_NAMES",
        "TransactionEventData",
        "TransactionWebhookEvent",
        "WEBHOOK_SIGNATURE_SCHEMES",
        "WebhookEvent",
        "WebhookEventId",
        "WebhookVerificationError",
        "generateWebhookKeyPair",
        "parseWebhookEvent",
        "signWebhookForTests",
        "signedDeliveryHeaders",
        "verifyWebhook",
        "verifyWebhookSignature",
      ].sort()
    )
    expect(webhooks.DEFAULT_WEBHOOK_SIGNATURE_SCHEME).toBe("rsa-pss-sha256")
    expect(webhooks.WEBHOOK_SIGNATURE_SCHEMES).toEqual(["rsa-pss-sha256", "rsa-pkcs1-sha256"])
  })

  it("round-trips a delivery through the barrel exports", () => {
    const body = JSON.stringify(modalClosedEvent())
    const headers = webhooks.signedDeliveryHeaders({ payload: body, privateKey: keyPair("main").privateKey, keyPrefix: "whk_1" })
    const event = webhooks.verifyWebhook({ rawBody: body, headers, keys: { whk_1: keyPair("main").publicKey } })
    expect(webhooks.ModalClosedEvent.safeParse(event).success).toBe(true)
    expect(webhooks.WebhookEvent.safeParse(event).success).toBe(true)
    expect(webhooks.TransactionWebhookEvent.safeParse(event).success).toBe(false)
    expect(webhooks.PaymentLinkExpiredEvent.safeParse(event).success).toBe(false)
    expect(webhooks.ModalClosedEventData.safeParse(event.data).success).toBe(true)
    expect(webhooks.TransactionEventData.safeParse(event.data).success).toBe(false)
    expect(webhooks.WebhookEventId.safeParse(event.id).success).toBe(true)
    expect(webhooks.TRANSACTION_EVENT_NAMES).toContain("order.success")
    expect(new webhooks.WebhookVerificationError("bad_signature").name).toBe("WebhookVerificationError")
    expect(() => webhooks.parseWebhookEvent({})).toThrow(webhooks.WebhookVerificationError)
    expect(webhooks.verifyWebhookSignature).toBeInstanceOf(Function)
    expect(webhooks.generateWebhookKeyPair).toBeInstanceOf(Function)
    expect(webhooks.signWebhookForTests).toBeInstanceOf(Function)
  })
})
