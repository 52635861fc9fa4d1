/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react"
import { InstallmentsReview } from "../react"

const CART_ID = "cart_01JTESTCART0000000000000000"
const LATER = new Date(Date.now() + 30 * 60_000).toISOString()
const REASON = "The bank rejected the 0% installment request. Pay in full or try another card."
const cart = {
  id: CART_ID,
  payment_collection: {
    payment_sessions: [
      { provider_id: "pp_installments_bnpl", status: "pending", data: { url: "https://pay.test/l/old", expires_at: LATER } },
    ],
  },
}
const starter = () =>
  jest.fn(async (_cart: unknown, body: { provider_id: string; data?: Record<string, unknown> }) => ({
    payment_collection: {
      payment_sessions: [
        { provider_id: body.provider_id, status: "pending", data: { url: "https://pay.test/l/new", expires_at: LATER } },
      ],
    },
  }))

describe("InstallmentsReview", () => {
  it("after a refusal (?error=): the reason, focused, and the way back to the payment step without it", () => {
    const chooseAnother = jest.fn()
    render(
      <InstallmentsReview
        payment={{ initiatePaymentSession: starter() }}
        cart={cart}
        searchParams={new URLSearchParams({ step: "review", error: REASON })}
        onChooseAnother={chooseAnother}
        locale="en"
        data-testid="submit-order-button"
      />
    )
    const panel = screen.getByRole("alert")
    expect(screen.getByTestId("installments-refusal-message").textContent).toBe(REASON)
    expect(document.activeElement).toBe(panel)
    fireEvent.click(screen.getByRole("button", { name: "Choose another payment method" }))
    expect(chooseAnother).toHaveBeenCalledWith("?step=payment")
  })

  it("after a refusal the pay button asks for a fresh link: the old one was spent", async () => {
    const initiatePaymentSession = starter()
    const navigate = jest.fn()
    render(
      <InstallmentsReview
        payment={{ initiatePaymentSession }}
        cart={cart}
        searchParams={`?step=review&error=${encodeURIComponent(REASON)}`}
        locale="ar"
        navigate={navigate}
        data-testid="submit-order-button"
      />
    )
    fireEvent.click(screen.getByTestId("submit-order-button"))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/new"))
    expect(initiatePaymentSession.mock.calls[0][1]).toEqual({
      provider_id: "pp_installments_bnpl",
      data: { cart_id: CART_ID, locale: "ar" },
    })
  })

  it("without a refusal: no panel, the button disabled when told, the session's link used as it is", async () => {
    const initiatePaymentSession = starter()
    const navigate = jest.fn()
    const { rerender } = render(
      <InstallmentsReview payment={{ initiatePaymentSession }} cart={cart} searchParams="?step=review" disabled navigate={navigate} />
    )
    expect(screen.queryByRole("alert")).toBeNull()
    expect((screen.getByRole("button", { name: "Continue to payment" }) as HTMLButtonElement).disabled).toBe(true)
    rerender(<InstallmentsReview payment={{ initiatePaymentSession }} cart={cart} searchParams="?step=review" navigate={navigate} />)
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/old"))
    expect(initiatePaymentSession).not.toHaveBeenCalled()
  })

  it("without a locale, starts the fresh session in the page's language (<html lang>) when clicked", async () => {
    document.documentElement.lang = "ar-SA"
    const initiatePaymentSession = starter()
    const navigate = jest.fn()
    render(
      <InstallmentsReview
        payment={{ initiatePaymentSession }}
        cart={cart}
        searchParams={new URLSearchParams({ error: REASON })}
        navigate={navigate}
      />
    )
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://pay.test/l/new"))
    expect(initiatePaymentSession.mock.calls[0][1]).toEqual({
      provider_id: "pp_installments_bnpl",
      data: { cart_id: CART_ID, locale: "ar-SA" },
    })
    document.documentElement.lang = ""
  })
})
