import { launchChromium } from "../../integration-tests/helpers/browser"
import { DESKTOP, save } from "./shots"

// One checkout through Medusa's dtc-starter with examples/storefront/dtc-starter.patch applied, run
// against the demo store (docs/storefront.md says how to start both):
//   npx ts-node --transpile-only scripts/screenshots/starter-checkout.ts http://localhost:8100
// A product with the "or N × M SAR at 0%" line, the address and delivery steps, the installments
// payment method, the hosted page with a 0% plan, and back through the return route to the order.

const APPROVED_CARD = "4092010000000018"

async function main(starterUrl: string): Promise<void> {
  const browser = await launchChromium()
  const page = await browser.newPage(DESKTOP)
  // `next start` renders each page on its first visit from the store.
  page.setDefaultTimeout(90_000)
  const step = (text: string) => process.stdout.write(`  ${text}\n`)
  try {
    await page.goto(`${starterUrl}/sa/products/prayer-rug`)
    await page.getByTestId("installments-promo").getByText("or 24 × 50.00 SAR at 0%").waitFor()
    step("product page: or 24 × 50.00 SAR at 0%")
    // The column with the price, the button and the line (the demo's products have no images).
    await save("dtc-starter-product", page, page.getByTestId("installments-promo").locator(".."))
    await page.getByTestId("add-product-button").click()
    await page.getByTestId("nav-cart-link").filter({ hasText: "Cart (1)" }).first().waitFor()

    await page.goto(`${starterUrl}/sa/checkout?step=address`)
    await page.getByTestId("shipping-first-name-input").fill("Sara")
    await page.getByTestId("shipping-last-name-input").fill("Alqahtani")
    await page.getByTestId("shipping-address-input").fill("King Fahd Road 1")
    await page.getByTestId("shipping-postal-code-input").fill("12211")
    await page.getByTestId("shipping-city-input").fill("Riyadh")
    await page.getByTestId("shipping-country-select").selectOption("sa")
    await page.getByTestId("shipping-email-input").fill(`sara+${Date.now()}@example.sa`)
    await page.getByTestId("shipping-phone-input").fill("+966501234567")
    await page.getByTestId("submit-address-button").click()
    step("address entered")

    await page.getByTestId("delivery-option-radio").first().click()
    await page.getByTestId("submit-delivery-option-button").click()
    step("delivery chosen")

    await page.getByText("0% installments (Al Rajhi, SNB)").click()
    await save("dtc-starter-payment-step", page)
    await page.getByTestId("submit-payment-button").click()
    step("payment method: pp_installments_bnpl")

    await page.getByTestId("submit-order-button").getByText("Continue to payment").click()
    await page.waitForURL((url) => url.href.includes("/payment-link/"))
    step(`hosted page: ${page.url()}`)
    await page.getByLabel("رقم البطاقة").fill(APPROVED_CARD)
    await page.getByRole("button", { name: "متابعة" }).click()
    await page.locator('input[value="installment:rajhi:12"]').check()
    await Promise.all([page.waitForURL((url) => url.pathname.includes("/order/") && url.pathname.endsWith("/confirmed")), page.getByRole("button", { name: /^ادفع/ }).click()])
    await page.getByText("Thank you!").waitFor()
    step(`order confirmed: ${page.url()}`)
    await save("dtc-starter-order-confirmed", page, page.getByTestId("order-complete-container"))
  } catch (error) {
    await page.screenshot({ path: "/tmp/dtc-starter-failure.png", fullPage: true }).catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

main(process.argv[2] ?? "http://localhost:8100").catch((error) => {
  process.stderr.write(`starter-checkout: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
