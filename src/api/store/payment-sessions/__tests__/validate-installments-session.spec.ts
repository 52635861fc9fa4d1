import { validateInstallmentsSession } from "../validate-installments-session"

function request(body: unknown, linkedCart = "cart_01ABC", cartLocale: string | null = null, requestLocale?: string) {
  // The database connection (knex) as Medusa registers it: raw() answers pg's result.
  const raw = jest.fn().mockResolvedValue({ rows: linkedCart ? [{ cart_id: linkedCart, locale: cartLocale }] : [] })
  const req = { body, params: { id: "pay_col_1" }, locale: requestLocale, scope: { resolve: () => ({ raw }) } }
  return { req: req as never, raw, body: () => req.body as { data?: Record<string, unknown> } }
}

describe("validateInstallmentsSession", () => {
  it("passes the collection's own cart id on", async () => {
    const { req, raw } = request({ provider_id: "pp_installments_installments", data: { cart_id: "cart_01ABC" } })
    const next = jest.fn()
    await validateInstallmentsSession(req, {} as never, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(raw).toHaveBeenCalledTimes(1)
    expect(raw).toHaveBeenCalledWith(expect.stringContaining("from cart_payment_collection"), ["pay_col_1"])
  })

  it.each([
    ["another cart's id", { cart_id: "cart_01OTHER" }, /data\.cart_id must be the id of the cart this payment collection belongs to/],
    ["an injection string", { cart_id: "'; DROP TABLE cart; --" }, /data\.cart_id must be the id of the cart/],
    ["a number", { cart_id: 12345 }, /data\.cart_id must be the id of the cart/],
    ["data that is not an object", "cart_01ABC", /^data must be an object/],
    [
      "an order payment request",
      { order_debt: { order_id: "order_01" } },
      /data\.order_debt is set by the admin's order payment link/,
    ],
  ])("refuses %s with a 400 naming the field", async (_name, data, message) => {
    const { req } = request({ provider_id: "pp_installments_card", data })
    const next = jest.fn()
    await expect(validateInstallmentsSession(req, {} as never, next)).rejects.toMatchObject({
      type: "invalid_data",
      message: expect.stringMatching(message),
    })
    expect(next).not.toHaveBeenCalled()
  })

  it("leaves sessions of other providers alone", async () => {
    const { req, raw } = request({ provider_id: "pp_system_default", data: { cart_id: 1 } })
    const next = jest.fn()
    await validateInstallmentsSession(req, {} as never, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(raw).not.toHaveBeenCalled()
  })

  it.each([
    ["with the cart id", { cart_id: "cart_01ABC" }],
    ["without data", undefined],
  ])("gives the session the cart's language (%s)", async (_case, data) => {
    const { req, body } = request({ provider_id: "pp_installments_installments", data }, "cart_01ABC", "ar-SA")
    const next = jest.fn()
    await validateInstallmentsSession(req, {} as never, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(body().data).toEqual({ ...data, locale: "ar-SA" })
  })

  it("keeps the storefront's own locale over the cart's, takes the request's when the cart has none, and adds none the plugin does not speak", async () => {
    const own = request(
      { provider_id: "pp_installments_installments", data: { cart_id: "cart_01ABC", locale: "en" } },
      "cart_01ABC",
      "ar"
    )
    await validateInstallmentsSession(own.req, {} as never, jest.fn())
    expect(own.body().data).toEqual({ cart_id: "cart_01ABC", locale: "en" })

    const french = request({ provider_id: "pp_installments_installments", data: { cart_id: "cart_01ABC" } }, "cart_01ABC", "fr-FR")
    await validateInstallmentsSession(french.req, {} as never, jest.fn())
    expect(french.body().data).toEqual({ cart_id: "cart_01ABC" })

    const header = request({ provider_id: "pp_installments_installments", data: { cart_id: "cart_01ABC" } }, "cart_01ABC", null, "ar")
    await validateInstallmentsSession(header.req, {} as never, jest.fn())
    expect(header.body().data).toEqual({ cart_id: "cart_01ABC", locale: "ar" })

    const none = request({ provider_id: "pp_installments_installments" }, "cart_01ABC", null)
    await validateInstallmentsSession(none.req, {} as never, jest.fn())
    expect(none.body().data).toBeUndefined()
  })
})
