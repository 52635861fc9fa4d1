/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react"
import { InstallmentsRefusal } from "../react"

const MESSAGE = "The bank rejected the 0% installment request. Pay in full or try another card."

describe("InstallmentsRefusal", () => {
  it("announces the reason (role alert, aria-live assertive), takes focus, and offers another payment method", () => {
    const choose = jest.fn()
    render(<InstallmentsRefusal message={MESSAGE} locale="en" onChooseAnother={choose} />)
    const panel = screen.getByRole("alert")
    expect(panel.getAttribute("aria-live")).toBe("assertive")
    expect(panel.className).toBe("mpi-refusal")
    expect(panel.textContent).toContain(MESSAGE)
    expect(document.activeElement).toBe(panel)
    const button = screen.getByRole("button", { name: "Choose another payment method" })
    fireEvent.click(button)
    expect(choose).toHaveBeenCalledTimes(1)
  })

  it("is in Arabic, right to left, and can link instead of calling back", () => {
    render(
      <InstallmentsRefusal message="لم يكتمل الدفع." locale="ar" chooseAnotherHref="/sa/checkout?step=payment" focusOnMount={false} />
    )
    const panel = screen.getByRole("alert")
    expect(panel.getAttribute("dir")).toBe("rtl")
    expect(document.activeElement).not.toBe(panel)
    const link = screen.getByRole("link", { name: "اختر طريقة دفع أخرى" })
    expect(link.getAttribute("href")).toBe("/sa/checkout?step=payment")
  })

  it("renders nothing without a message", () => {
    const { container } = render(<InstallmentsRefusal message={null} onChooseAnother={() => undefined} />)
    expect(container.innerHTML).toBe("")
  })
})
