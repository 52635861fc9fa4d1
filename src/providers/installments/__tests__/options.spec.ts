import { MedusaError } from "@medusajs/framework/utils"
import { InstallmentsProviderService } from "../service"
import { parseProviderOptions } from "../../../installments/registrations/options"
import { OPTIONS, SECRET } from "../../../installments/__tests__/fixtures"

function messageOf(options: Record<string, unknown>): string {
  try {
    InstallmentsProviderService.validateOptions(options)
  } catch (error) {
    expect(error).toBeInstanceOf(MedusaError)
    return (error as Error).message
  }
  throw new Error("validateOptions accepted invalid options")
}

describe("provider options", () => {
  it("accepts the minimal options and fills the defaults", () => {
    const parsed = parseProviderOptions(OPTIONS)
    expect(parsed).toMatchObject({
      checkoutMode: "both",
      language: "ar",
      linkTtlMinutes: 60,
      sendSms: false,
      passkeyEnabled: true,
      linkTitle: "Order",
      signatureScheme: "rsa-pss-sha256",
      reconcileConcurrency: 4,
    })
  })

  it.each([
    ["secretKey", { secretKey: undefined }, /secretKey is required/],
    ["publicKey", { publicKey: "pk_live" }, /publicKey must begin with sandbox-/],
    ["storeId", { storeId: "store-1" }, /storeId must be the store's UUID/],
    ["baseUrl", { baseUrl: "not a url" }, /baseUrl must be an absolute http\(s\) URL/],
    ["callbackUrl", { callbackUrl: "https://shop.test/return" }, /callbackUrl must contain \{session_id\}/],
    ["checkoutMode", { checkoutMode: "split" }, /checkoutMode must be one of both, installments, pay_in_full/],
    ["language", { language: "fr" }, /language must be ar or en/],
    ["linkTtlMinutes", { linkTtlMinutes: 1 }, /linkTtlMinutes must be at least 5/],
    ["signatureScheme", { signatureScheme: "hmac" }, /signatureScheme must be one of/],
    ["webhookKeys", { webhookKeys: [{ prefix: "k1", publicKey: "nope" }] }, /webhookKeys.*PEM public key/],
    ["maxRetries", { maxRetries: 50 }, /maxRetries must be at most 10/],
    ["reconcileConcurrency", { reconcileConcurrency: 0 }, /reconcileConcurrency must be at least 1/],
    ["reconcileConcurrency", { reconcileConcurrency: 2.5 }, /reconcileConcurrency must be a whole number/],
    ["reconcileConcurrency", { reconcileConcurrency: "8" }, /reconcileConcurrency must be a number/],
  ])("names %s when it is wrong", (_name, change, expected) => {
    expect(messageOf({ ...OPTIONS, ...change })).toMatch(expected)
  })

  it.each(["http://installments.example.sa", "http://10.0.0.5:9000", "http://127.0.0.1.example.com", "http://localhost.example.com"])(
    "refuses the http:// baseUrl %s at boot, naming the option",
    (baseUrl) => {
      const message = messageOf({ ...OPTIONS, publicKey: "prod-pk_1", baseUrl })
      expect(message).toMatch(/baseUrl must use https:\/\//)
      expect(message).not.toContain(SECRET)
    }
  )

  it.each([
    "https://installments.example.sa",
    "http://localhost:9000",
    "http://127.0.0.1:9000/api",
    "http://[::1]:9000",
    "http://LOCALHOST:9000",
  ])("accepts the baseUrl %s", (baseUrl) => {
    expect(parseProviderOptions({ ...OPTIONS, baseUrl }).baseUrl).toBe(baseUrl)
  })

  it("names every wrong option at once and never quotes the secret", () => {
    const message = messageOf({ ...OPTIONS, storeId: undefined, baseUrl: undefined, checkoutMode: SECRET })
    expect(message).toMatch(/storeId/)
    expect(message).toMatch(/baseUrl/)
    expect(message).toMatch(/checkoutMode/)
    expect(message).not.toContain(SECRET)
  })
})
