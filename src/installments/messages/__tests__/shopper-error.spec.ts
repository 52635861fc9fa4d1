import { MedusaError } from "@medusajs/framework/utils"
import { ApiError, AuthenticationError, ConnectionError, NotFoundError, ValidationError } from "../../../lib/client"
import { merchantError, shopperError, type ShopperContext } from "../service-errors"
import { shopperLanguage } from "../shopper-language"

const LINK_PATH = "POST /payment_links/7d444840-9dc0-11d1-b245-5ffdce74fad2/details"
const PROXY_PAGE = "<html><body><h1>503 Service Temporarily Unavailable</h1><p>upstream pool-7 at 10.2.0.14 is down</p></body></html>"

const outage = () =>
  new ApiError({
    message: `The installments service failed on ${LINK_PATH} (503): ${PROXY_PAGE}`,
    status: 503,
    endpoint: LINK_PATH,
    serviceMessage: PROXY_PAGE,
    body: PROXY_PAGE,
  })
const network = () =>
  new ConnectionError({
    message: `Could not reach the installments service for ${LINK_PATH} (ECONNREFUSED); check baseUrl.`,
    endpoint: LINK_PATH,
  })

function context(language: "ar" | "en" = "en") {
  const logged: string[] = []
  const ctx: ShopperContext = {
    action: "authorize the payment",
    stage: "confirm",
    language,
    logger: { error: (line) => logged.push(line) },
  }
  return { ctx, logged }
}

/** What no shopper may read: the call, its method and path, its status, the service's body. */
function expectNothingInternal(message: string) {
  expect(message).not.toMatch(/payment_links|POST|503|ECONNREFUSED|baseUrl|html|10\.2\.0\.14|installments service failed/i)
}

describe("shopperError", () => {
  it.each([
    ["a 503 with a proxy's HTML page", outage],
    ["a network failure", network],
  ])("words %s for the shopper, with a reference whose details are in the log", (_case, failure) => {
    const { ctx, logged } = context("en")
    const error = shopperError(failure(), ctx)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(error.code).toBe("installments_unavailable")
    expect(error.message).toMatch(
      /^Your payment could not be confirmed just now\. Please try again in a moment\. Support reference: INS-[0-9A-F]{8}\.$/
    )
    expectNothingInternal(error.message)
    const reference = /INS-[0-9A-F]{8}/.exec(error.message)![0]
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain(`checkout failure ${reference}:`)
    expect(logged[0]).toContain(`operation ${LINK_PATH}`)
  })

  it("logs the status and an excerpt of the body under the reference", () => {
    const { ctx, logged } = context()
    shopperError(outage(), ctx)
    expect(logged[0]).toMatch(/status 503/)
    expect(logged[0]).toContain("503 Service Temporarily Unavailable")
  })

  it("speaks Arabic when the cart does, and gives each failure its own reference", () => {
    const { ctx } = context("ar")
    const first = shopperError(outage(), ctx)
    const second = shopperError(outage(), ctx)
    expect(first.message).toMatch(/^تعذّر تأكيد الدفع الآن\. يُرجى المحاولة مرة أخرى بعد قليل\. الرقم المرجعي للدعم: INS-[0-9A-F]{8}\.$/)
    expectNothingInternal(first.message)
    expect(first.message).not.toBe(second.message)
  })

  it("tells the shopper nothing of a refused key or an unknown link; the merchant's words go to the log", () => {
    for (const failure of [
      new AuthenticationError({ message: "refused", status: 401, endpoint: LINK_PATH, body: { message: "bad key" } }),
      new NotFoundError({ message: "Not found", status: 404, endpoint: LINK_PATH, body: { detail: "Not found." } }),
    ]) {
      const { ctx, logged } = context()
      const error = shopperError(failure, ctx)
      expect(error.message).toMatch(/^Your payment could not be confirmed just now/)
      expect(error.code).toBe("installments_unexpected_answer")
      expect(logged[0]).toMatch(/Could not authorize the payment/)
    }
  })

  it("keeps the plugin's own refusal of what it would send", () => {
    const { ctx, logged } = context()
    const local = new ValidationError({ message: "Invalid payment link: amount: must be greater than 0", code: "local_validation" })
    expect(shopperError(local, ctx)).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: expect.stringMatching(/amount: must be greater than 0/),
    })
    expect(logged).toEqual([])
  })
})

describe("merchantError", () => {
  it("answers a refused key and a foreign store with 403-type errors that say so (never 401, which logs the admin out)", () => {
    const registration = { id: "card", options: { storeId: "00000000-0000-4000-8000-000000000001" } } as never
    const keys = merchantError(new AuthenticationError({ message: "x", status: 401 }), { registration })
    expect(keys).toMatchObject({ type: MedusaError.Types.FORBIDDEN, code: "installments_keys_refused" })
    expect(keys.message).toMatch(/registration card is wrong.*Check its secretKey and publicKey options/)
    const store = merchantError(new NotFoundError({ message: "x", status: 404, code: "store_not_found" }), { registration })
    expect(store).toMatchObject({ type: MedusaError.Types.FORBIDDEN, code: "installments_store_not_found" })
  })

  it("never passes a raw body on: a proxy's page is left out, the service's short JSON reason kept", () => {
    const html = new ApiError({
      message: `failed (409): ${PROXY_PAGE}`,
      status: 409,
      endpoint: LINK_PATH,
      serviceMessage: PROXY_PAGE,
      body: PROXY_PAGE,
    })
    expect(merchantError(html, { action: "read the link" }).message).toBe(
      "Could not read the link: the installments service refused the call (409); try again, and report it if it persists."
    )
    const json = new NotFoundError({ message: "x", status: 404, serviceMessage: "Not found.", body: { detail: "Not found." } })
    expect(merchantError(json).message).toBe("The installments service has no such record: Not found.")
  })
})

describe("shopperLanguage", () => {
  it.each([
    [{ locale: "en-US" }, "en"],
    [{ locale: "ar_SA" }, "ar"],
    [{ language: "EN" }, "en"],
    [{ locale: "fr-FR" }, "ar"],
    [{}, "ar"],
    [undefined, "ar"],
  ] as const)("reads %j as %s (the registration's language otherwise)", (data, expected) => {
    expect(shopperLanguage(data as never, "ar")).toBe(expected)
  })
})
