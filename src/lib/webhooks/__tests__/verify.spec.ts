import { createPublicKey, generateKeyPairSync } from "node:crypto"
import { WebhookVerificationError, type WebhookVerificationReason } from "../errors"
import { signedDeliveryHeaders } from "../sign"
import { verifyWebhook, verifyWebhookSignature, type VerifyWebhookInput } from "../verify"
import type { WebhookSignatureScheme } from "../schemes"
import { EVENT_ID, LINK_ID, TRANSACTION_ID, keyPair, linkExpiredEvent, modalClosedEvent, orderEvent } from "./fixtures"

const PREFIX = "whk_7Qx2Lm"
const rawText = JSON.stringify(orderEvent("order.success"))
const rawBody = Buffer.from(rawText, "utf8")

function keys() {
  return { [PREFIX]: keyPair("main").publicKey, whk_other: keyPair("other").publicKey }
}

function delivery(
  payload: string | Buffer = rawBody,
  scheme: WebhookSignatureScheme = "rsa-pss-sha256",
  privateKey = keyPair("main").privateKey
) {
  return signedDeliveryHeaders({ payload, privateKey, keyPrefix: PREFIX, scheme })
}

function refusal(input: VerifyWebhookInput, reason: WebhookVerificationReason): WebhookVerificationError {
  let caught: unknown
  try {
    verifyWebhook(input)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(WebhookVerificationError)
  expect((caught as WebhookVerificationError).reason).toBe(reason)
  return caught as WebhookVerificationError
}

describe("verifyWebhook: good deliveries", () => {
  it.each<WebhookSignatureScheme>(["rsa-pss-sha256", "rsa-pkcs1-sha256"])("accepts a delivery signed with %s", (scheme) => {
    const event = verifyWebhook({ rawBody, headers: delivery(rawBody, scheme), keys: keys(), scheme })
    expect(event.id).toBe(EVENT_ID)
    expect(event.event).toBe("order.success")
    expect(event).toMatchObject({ data: { id: TRANSACTION_ID, amount: "1200.00000", payment_link_id: LINK_ID } })
  })

  it("defaults to RSA-PSS", () => {
    expect(verifyWebhook({ rawBody, headers: delivery(), keys: keys() }).event).toBe("order.success")
  })

  it("accepts the body as a string, a Uint8Array and a JSON-serialized Buffer", () => {
    const headers = delivery()
    expect(verifyWebhook({ rawBody: rawText, headers, keys: keys() }).id).toBe(EVENT_ID)
    const view = new Uint8Array(rawBody.length + 8)
    view.set(rawBody, 4)
    expect(verifyWebhook({ rawBody: view.subarray(4, 4 + rawBody.length), headers, keys: keys() }).id).toBe(EVENT_ID)
    const serialized = JSON.parse(JSON.stringify({ rawBody })).rawBody
    expect(serialized.type).toBe("Buffer")
    expect(verifyWebhook({ rawBody: serialized, headers, keys: keys() }).id).toBe(EVENT_ID)
  })

  it("reads headers in any case, and as arrays as long as they agree", () => {
    const signed = delivery()
    const headers = {
      "X-SIGNATURE": [signed["x-signature"], ` ${signed["x-signature"]} `],
      "x-Api-Key": PREFIX,
      "x-signature": undefined,
    }
    expect(verifyWebhook({ rawBody, headers, keys: keys() }).id).toBe(EVENT_ID)
  })

  it("takes keys as a list and as KeyObjects", () => {
    const list = [
      { prefix: "whk_other", publicKey: keyPair("other").publicKey },
      { prefix: PREFIX, publicKey: createPublicKey(keyPair("main").publicKey) },
    ]
    expect(verifyWebhook({ rawBody, headers: delivery(), keys: list }).id).toBe(EVENT_ID)
  })

  it("parses each event family end to end", () => {
    for (const payload of [linkExpiredEvent(), modalClosedEvent()]) {
      const text = JSON.stringify(payload)
      const event = verifyWebhook({ rawBody: text, headers: delivery(text), keys: keys() })
      expect(event.event).toBe(payload.event)
    }
  })

  it("verifyWebhookSignature returns the verified bytes without parsing them", () => {
    const text = "not json at all"
    const bytes = verifyWebhookSignature({ rawBody: text, headers: delivery(text), keys: keys() })
    expect(bytes.toString("utf8")).toBe(text)
  })
})

describe("verifyWebhook: forged or damaged deliveries", () => {
  it("refuses a body with one byte changed", () => {
    const tampered = Buffer.from(rawBody)
    const at = rawText.indexOf("1200.00000")
    tampered[at] = "9".charCodeAt(0)
    refusal({ rawBody: tampered, headers: delivery(), keys: keys() }, "bad_signature")
  })

  it("refuses re-serialized JSON with different spacing", () => {
    const reserialized = JSON.stringify(JSON.parse(rawText), null, 2)
    expect(JSON.parse(reserialized)).toEqual(JSON.parse(rawText))
    refusal({ rawBody: reserialized, headers: delivery(), keys: keys() }, "bad_signature")
  })

  it("refuses a signature made with another key pair", () => {
    refusal({ rawBody, headers: delivery(rawBody, "rsa-pss-sha256", keyPair("attacker").privateKey), keys: keys() }, "bad_signature")
  })

  it("refuses a signature made with the key of another prefix", () => {
    const headers = { ...delivery(), "x-api-key": "whk_other" }
    refusal({ rawBody, headers, keys: keys() }, "bad_signature")
  })

  it("refuses PKCS#1 signatures verified as PSS and PSS signatures verified as PKCS#1", () => {
    refusal({ rawBody, headers: delivery(rawBody, "rsa-pkcs1-sha256"), keys: keys() }, "bad_signature")
    refusal({ rawBody, headers: delivery(rawBody, "rsa-pss-sha256"), keys: keys(), scheme: "rsa-pkcs1-sha256" }, "bad_signature")
  })

  it("refuses when the configured key cannot do the scheme (PSS-only key with PKCS#1)", () => {
    const pssOnly = generateKeyPairSync("rsa-pss", { modulusLength: 2048 })
    const headers = delivery(rawBody, "rsa-pss-sha256", pssOnly.privateKey.export({ type: "pkcs8", format: "pem" }) as string)
    const pssKeys = { [PREFIX]: pssOnly.publicKey }
    expect(verifyWebhook({ rawBody, headers, keys: pssKeys }).id).toBe(EVENT_ID)
    refusal({ rawBody, headers, keys: pssKeys, scheme: "rsa-pkcs1-sha256" }, "bad_signature")
  })

  it("refuses an unknown key prefix, and says so when no keys are configured at all", () => {
    const headers = { ...delivery(), "x-api-key": "whk_unknown" }
    expect(refusal({ rawBody, headers, keys: keys() }, "unknown_key").message).toMatch(/No configured webhook public key/)
    expect(refusal({ rawBody, headers: delivery(), keys: {} }, "unknown_key").message).toMatch(/No webhook public keys are configured/)
    expect(refusal({ rawBody, headers: delivery(), keys: [] }, "unknown_key").message).toMatch(/No webhook public keys/)
  })

  it("refuses a missing, empty or conflicting X-Signature", () => {
    const { "x-signature": _signature, ...unsigned } = delivery()
    refusal({ rawBody, headers: unsigned, keys: keys() }, "missing_signature")
    refusal({ rawBody, headers: { ...unsigned, "x-signature": "" }, keys: keys() }, "missing_signature")
    refusal({ rawBody, headers: { ...unsigned, "x-signature": [] }, keys: keys() }, "missing_signature")
    const conflict = refusal(
      { rawBody, headers: { ...unsigned, "X-Signature": delivery()["x-signature"], "x-signature": "AAAA" }, keys: keys() },
      "missing_signature"
    )
    expect(conflict.message).toMatch(/more than once/)
  })

  it("refuses a missing or conflicting X-API-Key", () => {
    const { "x-api-key": _prefix, ...anonymous } = delivery()
    refusal({ rawBody, headers: anonymous, keys: keys() }, "missing_key_id")
    refusal({ rawBody, headers: { ...anonymous, "x-api-key": [PREFIX, "whk_other"] }, keys: keys() }, "missing_key_id")
  })

  it.each(["not base64!", "QUJD*", "QUJDRA", "QUJD=A==", "a, b"])("refuses malformed base64 %p", (signature) => {
    const headers = { ...delivery(), "x-signature": signature }
    expect(refusal({ rawBody, headers, keys: keys() }, "bad_signature").message).toMatch(/not valid base64/)
  })

  it("refuses a well-formed signature of the wrong length", () => {
    refusal({ rawBody, headers: { ...delivery(), "x-signature": "QUJD" }, keys: keys() }, "bad_signature")
  })

  it("treats headers = undefined as all headers missing", () => {
    refusal({ rawBody, headers: undefined as never, keys: keys() }, "missing_signature")
  })
})

describe("verifyWebhook: raw body", () => {
  it.each([
    ["a parsed object", orderEvent()],
    ["an array", [1, 2, 3]],
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["a parsed object", { type: "Buffer", data: [1, 256] }],
    ["a parsed object", { type: "Buffer", data: [1, 1.5] }],
    ["a parsed object", { type: "Buffer" }],
    ["binary data of type Uint16Array", new Uint16Array(4)],
    ["binary data of type DataView", new DataView(new ArrayBuffer(2))],
    ["binary data of type ArrayBuffer", new ArrayBuffer(2)],
  ])("refuses %s", (described, value) => {
    const error = refusal({ rawBody: value, headers: delivery(), keys: keys() }, "raw_body_required")
    expect(error.message).toMatch(/exact raw request bytes \(Buffer, Uint8Array or string\), got /)
    expect(error.message).toContain(`got ${described}:`)
  })
})

describe("verifyWebhook: payload", () => {
  function signedPayload(payload: unknown) {
    const text = JSON.stringify(payload)
    return { rawBody: text, headers: delivery(text), keys: keys() }
  }

  it("refuses a correctly signed body that is not JSON, without quoting it", () => {
    const text = '{"id": SECRET_BODY_TEXT'
    const error = refusal({ rawBody: text, headers: delivery(text), keys: keys() }, "malformed_payload")
    expect(error.message).toMatch(/not valid JSON/)
    expect(error.message).not.toContain("SECRET")
  })

  it("refuses a delivery without an event name or without its link id, naming the path", () => {
    const { event: _event, ...withoutName } = orderEvent()
    expect(refusal(signedPayload(withoutName), "malformed_payload").issues).toEqual([{ path: "event", code: "invalid_type" }])
    const withoutLink = { event: "order.success", data: { id: TRANSACTION_ID } }
    expect(refusal(signedPayload(withoutLink), "malformed_payload").issues).toEqual([
      { path: "data.payment_link_id", code: "invalid_type" },
    ])
  })

  it("accepts a signed event without id (keyed on the body's digest) and an event name it does not know", () => {
    const { id: _id, ...withoutId } = orderEvent()
    expect(verifyWebhook(signedPayload(withoutId)).id).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(verifyWebhook(signedPayload({ id: "evt_1", event: "order.teleported", data: {} }))).toEqual({
      id: "evt_1",
      event: "order.teleported",
    })
  })
})

describe("verifyWebhook: settings", () => {
  it("refuses an unknown scheme setting with a TypeError", () => {
    expect(() => verifyWebhook({ rawBody, headers: delivery(), keys: keys(), scheme: "rsa-sha1" as never })).toThrow(TypeError)
  })

  it("reports broken key settings as TypeErrors, not as refused deliveries", () => {
    const headers = delivery()
    const pem = "-----BEGIN PUBLIC KEY-----\nQUJDREVG\n-----END PUBLIC KEY-----"
    const cases: unknown[] = [
      "not keys",
      null,
      { [PREFIX]: pem },
      { [PREFIX]: undefined },
      { [PREFIX]: generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey },
      [{ prefix: "", publicKey: keyPair("main").publicKey }],
      [
        { prefix: PREFIX, publicKey: keyPair("main").publicKey },
        { prefix: PREFIX, publicKey: keyPair("other").publicKey },
      ],
    ]
    for (const bad of cases) {
      let caught: unknown
      try {
        verifyWebhook({ rawBody, headers, keys: bad as never })
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(TypeError)
      expect((caught as Error).message).not.toContain("QUJDREVG")
    }
  })
})

describe("error messages leak nothing", () => {
  it("never contain the body, the signature or any PEM", () => {
    const signed = delivery()
    const secrets = [
      rawText,
      signed["x-signature"],
      keyPair("main").publicKey,
      keyPair("main").privateKey,
      "BEGIN",
      TRANSACTION_ID,
      EVENT_ID,
    ]
    const attempts: VerifyWebhookInput[] = [
      { rawBody: Buffer.concat([rawBody, Buffer.from(" ")]), headers: signed, keys: keys() },
      { rawBody, headers: { ...signed, "x-signature": undefined }, keys: keys() },
      { rawBody, headers: { ...signed, "x-api-key": undefined }, keys: keys() },
      { rawBody, headers: { ...signed, "x-api-key": "whk_nope" }, keys: keys() },
      { rawBody, headers: { ...signed, "x-signature": `${signed["x-signature"]}!` }, keys: keys() },
      { rawBody: JSON.parse(rawText), headers: signed, keys: keys() },
      { rawBody: `${rawText}}`, headers: delivery(`${rawText}}`), keys: keys() },
    ]
    for (const attempt of attempts) {
      let caught: unknown
      try {
        verifyWebhook(attempt)
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(WebhookVerificationError)
      const text = `${(caught as Error).message} ${JSON.stringify(caught)}`
      for (const secret of secrets) {
        expect(text).not.toContain(secret)
      }
    }
  })
})
