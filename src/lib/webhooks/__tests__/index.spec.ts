import * as webhooks from "../index"
import { keyPair, modalClosedEvent } from "./fixtures"

describe("public API", () => {
  it("exports the verifier, the parser, the signer and their schemas", () => {
    expect(Object.keys(webhooks).sort()).toEqual(
      [
        "BODY_DIGEST_ID_PREFIX",
        "DEFAULT_WEBHOOK_SIGNATURE_SCHEME",
        "ExpiredLinkEventData",
        "ModalClosedEvent",
        "ModalClosedEventData",
        "PaymentLinkExpiredEvent",
        "RefundsChangedEventData",
        "RefundsChangedWebhookEvent",
        "TRANSACTION_EVENT_NAMES",
        "TransactionEventData",
        "TransactionWebhookEvent",
        "WEBHOOK_SIGNATURE_SCHEMES",
        "WebhookEventId",
        "WebhookVerificationError",
        "bodyDigestId",
        "generateWebhookKeyPair",
        "isKnownWebhookEvent",
        "linkIdOf",
        "parseWebhookBody",
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
    if (!webhooks.isKnownWebhookEvent(event)) throw new Error("expected a known event")
    expect(webhooks.ModalClosedEvent.safeParse(event).success).toBe(true)
    expect(webhooks.TransactionWebhookEvent.safeParse(event).success).toBe(false)
    expect(webhooks.PaymentLinkExpiredEvent.safeParse(event).success).toBe(false)
    expect(webhooks.RefundsChangedWebhookEvent.safeParse(event).success).toBe(false)
    expect(webhooks.ModalClosedEventData.safeParse(event.data).success).toBe(true)
    expect(webhooks.ExpiredLinkEventData.safeParse(event.data).success).toBe(false)
    expect(webhooks.RefundsChangedEventData.safeParse(event.data).success).toBe(false)
    expect(webhooks.TransactionEventData.safeParse(event.data).success).toBe(true)
    expect(webhooks.linkIdOf(event)).toBe(event.data.payment_link_id)
    expect(webhooks.WebhookEventId.safeParse(event.id).success).toBe(true)
    expect(webhooks.bodyDigestId(Buffer.from(body))).toMatch(new RegExp(`^${webhooks.BODY_DIGEST_ID_PREFIX}`))
    expect(webhooks.parseWebhookBody(Buffer.from(body))).toEqual(event)
    expect(webhooks.TRANSACTION_EVENT_NAMES).toContain("order.success")
    expect(new webhooks.WebhookVerificationError("bad_signature").name).toBe("WebhookVerificationError")
    expect(() => webhooks.parseWebhookEvent({})).toThrow(webhooks.WebhookVerificationError)
    expect(webhooks.verifyWebhookSignature).toBeInstanceOf(Function)
    expect(webhooks.generateWebhookKeyPair).toBeInstanceOf(Function)
    expect(webhooks.signWebhookForTests).toBeInstanceOf(Function)
  })
})
