import { renderToStaticMarkup } from "react-dom/server"
import { InstallmentsPayButton, InstallmentsPromo, InstallmentsRefusal, InstallmentsReview, InstallmentsUnavailable } from "../react"
import type { StoreSdk } from "../sdk"

// The parts render on a server (Next.js prerenders client components too): what a page without
// JavaScript shows, and no browser global is read while rendering.
describe("the React parts rendered on the server", () => {
  it("the promo line has no hooks: the same markup as a React server component", () => {
    expect(renderToStaticMarkup(<InstallmentsPromo amount={300} locale="en" />)).toBe(
      '<p class="mpi-promo" lang="en" dir="ltr" data-testid="installments-promo">or 24 × 12.50 SAR at 0%</p>'
    )
  })

  it("the refusal panel and the pay button render with their words and classes", () => {
    const refusal = renderToStaticMarkup(
      <InstallmentsRefusal message="لم يكتمل الدفع." locale="ar" chooseAnotherHref="/sa/checkout?step=payment" />
    )
    expect(refusal).toContain('role="alert" aria-live="assertive"')
    expect(refusal).toContain('dir="rtl"')
    expect(refusal).toContain('<a class="mpi-refusal__action" href="/sa/checkout?step=payment"')
    const cart = {
      id: "cart_01",
      payment_collection: { payment_sessions: [{ provider_id: "pp_installments_card", status: "pending" }] },
    }
    const button = renderToStaticMarkup(<InstallmentsPayButton sdk={{} as StoreSdk} cart={cart} locale="en" />)
    expect(button).toContain('<button type="button" class="mpi-pay__button" aria-busy="false"')
    expect(button).toContain(">Continue to payment</button>")
  })

  it("the line for a hidden option has no hooks; the review step renders the refusal and the button", () => {
    expect(renderToStaticMarkup(<InstallmentsUnavailable line="تقسيط بدون فوائد ابتداءً من 300.00 ر.س" locale="ar" />)).toBe(
      '<p class="mpi-unavailable" lang="ar" dir="rtl" data-testid="installments-unavailable">تقسيط بدون فوائد ابتداءً من 300.00 ر.س</p>'
    )
    expect(renderToStaticMarkup(<InstallmentsUnavailable line={null} />)).toBe("")
    const cart = {
      id: "cart_01",
      payment_collection: { payment_sessions: [{ provider_id: "pp_installments_bnpl", status: "error" }] },
    }
    const review = renderToStaticMarkup(
      <InstallmentsReview sdk={{} as StoreSdk} cart={cart} searchParams="?step=review&error=Declined." locale="en" />
    )
    expect(review).toContain('<p class="mpi-refusal__message" data-testid="installments-refusal-message">Declined.</p>')
    expect(review).toContain(">Continue to payment</button>")
  })
})
