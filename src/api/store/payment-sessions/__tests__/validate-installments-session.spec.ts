import { validateInstallmentsSession } from "../validate-installments-session"

function request(body: unknown, linkedCart = "cart_01ABC") {
  const graph = jest.fn().mockResolvedValue({ data: linkedCart ? [{ cart_id: linkedCart }] : [] })
  return { req: { body, params: { id: "pay_col_1" }, scope: { resolve: () => ({ graph }) } } as never, graph }
}

describe("validateInstallmentsSession", () => {
  it("passes the collection's own cart id on", async () => {
    const { req, graph } = request({ provider_id: "pp_installments_installments", data: { cart_id: "cart_01ABC" } })
    const next = jest.fn()
    await validateInstallmentsSession(req, {} as never, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(graph).toHaveBeenCalledWith(
      expect.objectContaining({ entity: "cart_payment_collection", filters: { payment_collection_id: "pay_col_1" } })
    )
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

  it("leaves sessions of other providers and sessions without data alone", async () => {
    for (const body of [{ provider_id: "pp_system_default", data: { cart_id: 1 } }, { provider_id: "pp_installments_installments" }]) {
      const { req, graph } = request(body)
      const next = jest.fn()
      await validateInstallmentsSession(req, {} as never, next)
      expect(next).toHaveBeenCalledTimes(1)
      expect(graph).not.toHaveBeenCalled()
    }
  })
})
