import { LINK_ID, PROD_PUBLIC_KEY, STORE_ID, intercept, listRecord, makeClient, useNock } from "./helpers"
import { CreatePaymentLinkResponse, isSafeServiceUrl } from ".."

useNock()

const CREATE = `/payment_links/${STORE_ID}/create`
const LIST = `/payment_links/${STORE_ID}/list`
const UNSAFE = [
  "javascript:alert(document.cookie)",
  "JAVASCRIPT:alert(1)",
  "  javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "http://pay.attacker.example/payment-link/1",
  "//pay.example.sa/payment-link/1",
  "ftp://pay.example.sa/x",
]

function logger() {
  return { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() }
}

describe("URLs the service supplies", () => {
  it.each(UNSAFE)("reads the link creation answer's url %j as absent, keeps the rest, and logs it without the URL", async (url) => {
    intercept("POST", CREATE, [201, { payment_link_id: LINK_ID, url, environment: "SANDBOX" }])
    const log = logger()
    const link = await makeClient({ logger: log }).paymentLinks.create(STORE_ID, { amount: 150, title: "Order" })
    expect(link).toMatchObject({ payment_link_id: LINK_ID, url: null, environment: "SANDBOX" })
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn.mock.calls[0][0]).toMatch(/answered a URL that is not https .*it is left out/)
    expect(log.warn.mock.calls[0][0]).not.toContain("alert")
  })

  it("reads a list with one unsafe url: that row's url is null, every other row is kept as sent", async () => {
    const safe = `https://pay.example.sa/payment-link/${LINK_ID}`
    intercept("POST", LIST, [
      200,
      { total: 2, page: 1, limit: 20, data: [listRecord({ url: "javascript:alert(1)" }), listRecord({ url: safe })] },
    ])
    const list = await makeClient({ logger: logger() }).paymentLinks.list(STORE_ID)
    expect(list.data.map((row) => row.url)).toEqual([null, safe])
  })

  it("accepts http to this machine from the sandbox only", async () => {
    const local = `http://127.0.0.1:4010/payment-link/${LINK_ID}`
    intercept("POST", CREATE, [201, { payment_link_id: LINK_ID, url: local }], [201, { payment_link_id: LINK_ID, url: local }])
    expect((await makeClient().paymentLinks.create(STORE_ID, { amount: 150, title: "Order" })).url).toBe(local)
    expect(
      (await makeClient({ publicKey: PROD_PUBLIC_KEY }).paymentLinks.create(STORE_ID, { amount: 150, title: "Order" })).url
    ).toBeNull()
  })

  it("reads a url parsed outside a client's call by the strict rule: https only", () => {
    expect(CreatePaymentLinkResponse.parse({ payment_link_id: LINK_ID, url: "http://localhost:4010/x" }).url).toBeNull()
    expect(CreatePaymentLinkResponse.parse({ payment_link_id: LINK_ID, url: "https://pay.example.sa/x" }).url).toBe(
      "https://pay.example.sa/x"
    )
    expect(CreatePaymentLinkResponse.safeParse({ payment_link_id: LINK_ID }).success).toBe(false)
    expect(isSafeServiceUrl("http://[::1]:4010/x", true)).toBe(true)
    expect(isSafeServiceUrl("http://[::1]:4010/x", false)).toBe(false)
  })
})
