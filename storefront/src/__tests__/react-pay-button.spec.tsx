/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { InstallmentsPayButton } from "../react"
import type { StoreSdk } from "../sdk"

const CART_ID = "cart_01JTESTCART0000000000000000"
const LATER = new Date(Date.now() + 30 * 60_000).toISOString()

/** A fake sdk with the js-sdk's method shapes, recording the payment sessions asked for. */
function fakeSdk(answer: () => Promise<unknown>) {
  const initiated: { provider_id: string; data?: Record<string, unknown> }[] = []
  const sdk = {
    client: { fetch: jest.fn() },
    store: {
      cart: { complete: jest.fn(), retrieve: jest.fn() },
      payment: {
        initiatePaymentSession: jest.fn(async (_cart: unknown, body: { provider_id: string; data?: Record<string, unknown> }) => {
          initiated.push(body)
          return answer()
        }),
      },
    },
  } as unknown as StoreSdk
  return { sdk, initiated }
}
const fresh = async () => ({
  payment_collection: {
    payment_sessions: [
      { provider_id: "pp_installments_bnpl", status: "pending", data: { url: "https://pay.test/l/new", expires_at: LATER } },
    ],
  },
})
const cart = (data: Record<string, unknown>, status = "pending") => ({
  id: CART_ID,
  payment_collection: { id: "pay_col_01", payment_sessions: [{ provider_id: "pp_installments_bnpl", status, data }] },
})

describe("InstallmentsPayButton", () => {
  it("sends the shopper to the session's link while it can be used, without asking the store", async () => {
    const { sdk, initiated } = fakeSdk(fresh)
    const navigate = jest.fn()
    render(
      <InstallmentsPayButton
        sdk={sdk}
        cart={cart({ url: "https://pay.test/l/old", expires_at: LATER })}
        locale="en"
        navigate={navigate}
      />
    )
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/old"))
    expect(initiated).toEqual([])
  })

  it("asks for a fresh link when the one it had was used (back with ?error=) and stays busy while leaving", async () => {
    const { sdk, initiated } = fakeSdk(fresh)
    const navigate = jest.fn()
    render(
      <InstallmentsPayButton
        sdk={sdk}
        cart={cart({ url: "https://pay.test/l/old", expires_at: LATER })}
        used
        locale="ar"
        navigate={navigate}
      />
    )
    const button = screen.getByRole("button", { name: "المتابعة إلى الدفع" })
    fireEvent.click(button)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/new"))
    expect(initiated).toEqual([{ provider_id: "pp_installments_bnpl", data: { cart_id: CART_ID, locale: "ar" } }])
    expect(button.getAttribute("aria-busy")).toBe("true")
    expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it("shows the store's refusal (the plugin's words) and lets the shopper try again", async () => {
    const refusal =
      "Installments are available for orders of 300.00 SAR or more; this order is 250.00 SAR. Choose another payment method."
    let fail = true
    const { sdk } = fakeSdk(() => (fail ? Promise.reject(Object.assign(new Error(refusal), { status: 400 })) : fresh()))
    const navigate = jest.fn()
    render(<InstallmentsPayButton sdk={sdk} cart={cart({}, "error")} locale="en" navigate={navigate} />)
    fireEvent.click(screen.getByRole("button"))
    expect((await screen.findByRole("alert")).textContent).toBe(refusal)
    const button = screen.getByRole("button") as HTMLButtonElement
    expect(button.disabled).toBe(false)
    fail = false
    await act(async () => fireEvent.click(button))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/new"))
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("says the kit's own words for a failure that is not the store's answer", async () => {
    const { sdk } = fakeSdk(() => Promise.reject(new TypeError("Failed to fetch")))
    render(<InstallmentsPayButton sdk={sdk} cart={cart({}, "error")} locale="en" navigate={jest.fn()} />)
    fireEvent.click(screen.getByRole("button"))
    expect((await screen.findByRole("alert")).textContent).toBe("The payment page could not be opened. Try again.")
  })

  it("is disabled without an installments session or provider to pay with", () => {
    const { sdk } = fakeSdk(fresh)
    render(<InstallmentsPayButton sdk={sdk} cart={{ id: CART_ID, payment_collection: null }} locale="en" />)
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true)
  })

  it("starts the session through a storefront's own server action when given one (the starter's initiatePaymentSession)", async () => {
    const initiatePaymentSession = jest.fn(async (_cart: unknown, _body: { provider_id: string }) => fresh())
    const navigate = jest.fn()
    render(<InstallmentsPayButton payment={{ initiatePaymentSession }} cart={cart({}, "error")} locale="en" navigate={navigate} />)
    fireEvent.click(screen.getByRole("button"))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/new"))
    expect(initiatePaymentSession.mock.calls[0][1]).toEqual({
      provider_id: "pp_installments_bnpl",
      data: { cart_id: CART_ID, locale: "en" },
    })
  })
})
