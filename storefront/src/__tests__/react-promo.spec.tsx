/** @jest-environment jsdom */
import { render } from "@testing-library/react"
import { InstallmentsPromo } from "../react"

describe("InstallmentsPromo", () => {
  it("shows the longest plan in English, left to right, with its class for styling", () => {
    const { container } = render(<InstallmentsPromo amount={1200} currencyCode="sar" locale="en-US" className="shop-promo" />)
    const line = container.querySelector("p")!
    expect(line.textContent).toBe("or 24 × 50.00 SAR at 0%")
    expect(line.className).toBe("mpi-promo shop-promo")
    expect(line.getAttribute("dir")).toBe("ltr")
    expect(line.getAttribute("lang")).toBe("en")
  })

  it("writes Arabic right to left", () => {
    const { container } = render(<InstallmentsPromo amount="1200.00" currencyCode="SAR" locale="ar-SA" />)
    const line = container.querySelector("p")!
    expect(line.textContent).toBe("أو 24 × 50.00 ر.س بدون فوائد")
    expect(line.getAttribute("dir")).toBe("rtl")
    expect(line.getAttribute("lang")).toBe("ar")
  })

  it("renders nothing below every bank's minimum, outside SAR, or without a price", () => {
    expect(render(<InstallmentsPromo amount={299.99} currencyCode="sar" locale="en" />).container.innerHTML).toBe("")
    expect(render(<InstallmentsPromo amount={1200} currencyCode="usd" locale="en" />).container.innerHTML).toBe("")
    expect(render(<InstallmentsPromo amount={undefined} locale="en" />).container.innerHTML).toBe("")
  })
})
