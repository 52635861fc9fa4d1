import { constants, createPrivateKey, createPublicKey, verify } from "node:crypto"
import { generateWebhookKeyPair, signWebhookForTests, signedDeliveryHeaders } from "../sign"
import { keyPair, orderEvent } from "./fixtures"

const body = Buffer.from(JSON.stringify(orderEvent()), "utf8")

function verifies(signature: string, options: { padding: number; saltLength?: number }): boolean {
  return verify("sha256", body, { key: keyPair("main").publicKey, ...options }, Buffer.from(signature, "base64"))
}

describe("generateWebhookKeyPair", () => {
  it("returns an RSA-2048 pair as SPKI and PKCS#8 PEM", () => {
    const pair = generateWebhookKeyPair()
    expect(pair.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    expect(pair.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
    const details = createPublicKey(pair.publicKey).asymmetricKeyDetails
    expect(details?.modulusLength).toBe(2048)
  })
})

describe("signWebhookForTests", () => {
  it("signs RSA-PSS SHA-256 with a digest-length salt by default", () => {
    const signature = signWebhookForTests({ payload: body, privateKey: keyPair("main").privateKey })
    expect(Buffer.from(signature, "base64")).toHaveLength(256)
    expect(verifies(signature, { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })).toBe(true)
    expect(verifies(signature, { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 })).toBe(false)
  })

  it("is randomized under PSS and deterministic under PKCS#1 v1.5", () => {
    const pss = () => signWebhookForTests({ payload: body, privateKey: keyPair("main").privateKey })
    expect(pss()).not.toBe(pss())
    const pkcs1 = () => signWebhookForTests({ payload: body, privateKey: keyPair("main").privateKey, scheme: "rsa-pkcs1-sha256" })
    expect(pkcs1()).toBe(pkcs1())
    expect(verifies(pkcs1(), { padding: constants.RSA_PKCS1_PADDING })).toBe(true)
  })

  it("signs a string as its UTF-8 bytes, a Uint8Array as its bytes, and accepts a KeyObject", () => {
    const privateKey = createPrivateKey(keyPair("main").privateKey)
    const scheme = "rsa-pkcs1-sha256" as const
    const fromBuffer = signWebhookForTests({ payload: body, privateKey, scheme })
    expect(signWebhookForTests({ payload: body.toString("utf8"), privateKey, scheme })).toBe(fromBuffer)
    expect(signWebhookForTests({ payload: new Uint8Array(body), privateKey, scheme })).toBe(fromBuffer)
  })

  it("refuses payloads that are not bytes and unknown schemes", () => {
    const privateKey = keyPair("main").privateKey
    expect(() => signWebhookForTests({ payload: orderEvent() as never, privateKey })).toThrow(TypeError)
    expect(() => signWebhookForTests({ payload: { type: "Buffer", data: [1, 2] } as never, privateKey })).toThrow(
      /string, Buffer or Uint8Array/
    )
    expect(() => signWebhookForTests({ payload: new Uint16Array(2) as never, privateKey })).toThrow(TypeError)
    expect(() => signWebhookForTests({ payload: body, privateKey, scheme: "hmac-sha256" as never })).toThrow(
      /rsa-pss-sha256, rsa-pkcs1-sha256/
    )
  })
})

describe("signedDeliveryHeaders", () => {
  it("returns the content type, key prefix and signature headers", () => {
    const headers = signedDeliveryHeaders({
      payload: body,
      privateKey: keyPair("main").privateKey,
      keyPrefix: "whk_live_7Qx2",
      scheme: "rsa-pkcs1-sha256",
    })
    expect(headers).toEqual({
      "content-type": "application/json",
      "x-api-key": "whk_live_7Qx2",
      "x-signature": expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/),
    })
    expect(verifies(headers["x-signature"], { padding: constants.RSA_PKCS1_PADDING })).toBe(true)
  })

  it.each(["", "bad prefix", "x\r\ny: 1", 12])("refuses key prefix %p", (keyPrefix) => {
    expect(() =>
      signedDeliveryHeaders({ payload: body, privateKey: keyPair("main").privateKey, keyPrefix: keyPrefix as string })
    ).toThrow(/keyPrefix/)
  })
})
