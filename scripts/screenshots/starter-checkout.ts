import type { Page } from "playwright-core"
import { launchChromium } from "../../integration-tests/helpers/browser"
import { shopperWords } from "../../src/installments/messages/shopper-language"
import { DESKTOP, save, saveDownTo } from "./shots"

// Two checkouts through Medusa's dtc-starter with examples/storefront/dtc-starter.patch applied, run
// against the demo store (docs/storefront.md says how to start both):
//   npx ts-node --transpile-only scripts/screenshots/starter-checkout.ts http://localhost:8100
// The first pays a 0% plan and lands on the order confirmation; the second is declined, comes back
// to the review step with the shopper's reason (the patch's return route both times), and paying
// again opens a new link.

const APPROVED_CARD = "4092010000000018"
const DECLINED_CARD = "4092010000000026"

const step = (text: string) => process.stdout.write(`  ${text}\n`)

/** Adds a product to the cart and walks the starter's address, delivery and payment steps. */
async function checkout(page: Page, starterUrl: string, handle: string, paymentLabel: string, shot: boolean): Promise<void> {
  await page.goto(`${starterUrl}/sa/products/${handle}`)
  // Until the live prices load, a disabled copy of the actions stands in ("Out of stock").
  await page.getByTestId("add-product-button").filter({ hasText: "Add to cart" }).first().click()
  await page.locator("[data-testid=nav-cart-link]:visible", { hasText: "Cart (1)" }).first().waitFor()

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
  await page.getByTestId("delivery-option-radio").first().click()
  await page.getByTestId("submit-delivery-option-button").click()

  await page.getByText(paymentLabel, { exact: true }).click()
  if (shot) {
    await save("dtc-starter-payment-step", page)
  }
  await page.getByTestId("submit-payment-button").click()
  step(`${handle}: address, free delivery, ${paymentLabel}`)

  await page.getByTestId("submit-order-button").getByText("Continue to payment").click()
  await page.waitForURL((url) => url.href.includes("/payment-link/"))
  step(`hosted page: ${page.url()}`)
}

async function main(starterUrl: string): Promise<void> {
  const browser = await launchChromium()
  const page = await browser.newPage(DESKTOP)
  // `next start` renders each page on its first visit from the store.
  page.setDefaultTimeout(90_000)
  try {
    await page.goto(`${starterUrl}/sa/products/prayer-rug`)
    const promo = page.getByTestId("installments-promo")
    await promo.getByText("or 24 × 50.00 SAR at 0%").waitFor()
    step("product page: or 24 × 50.00 SAR at 0%")
    // The column with the price, the button and the line (the demo's products have no images).
    await save("dtc-starter-product", page, promo.locator(".."))

    await checkout(page, starterUrl, "prayer-rug", "0% installments (Al Rajhi, SNB)", true)
    await page.getByLabel("رقم البطاقة").fill(APPROVED_CARD)
    await page.getByRole("button", { name: "متابعة" }).click()
    await page.locator('input[value="installment:rajhi:12"]').check()
    await Promise.all([
      page.waitForURL((url) => url.pathname.endsWith("/confirmed")),
      page.getByRole("button", { name: /^ادفع/ }).click(),
    ])
    await page.getByText("Thank you!").waitFor()
    step(`order confirmed: ${page.url()}`)
    await saveDownTo("dtc-starter-order-confirmed", page, page.getByTestId("order-complete-container"))

    // 250 SAR is below every bank's minimum: the card registration, and a card the issuer declines.
    await checkout(page, starterUrl, "dallah", "Card (mada, Visa, Mastercard)", false)
    const declinedLink = page.url()
    await page.getByLabel("رقم البطاقة").fill(DECLINED_CARD)
    await page.getByRole("button", { name: "متابعة" }).click()
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("step") === "review"),
      page.getByRole("button", { name: /^ادفع/ }).click(),
    ])
    const reason = page.getByTestId("installments-payment-error-message")
    // The patch sets no cart locale yet: the reason is in the registration's language (the demo's: ar).
    const declined = (["en", "ar"] as const).map((language) => shopperWords(language).failure.declined)
    await reason.getByText(new RegExp(declined.map((words) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"))).waitFor()
    step(`declined, back at ${new URL(page.url()).pathname}?step=review with the reason`)
    await saveDownTo("dtc-starter-declined", page, page.getByTestId("submit-order-button"))

    // Paying again asks for a new link: the declined one is used up.
    await page.getByTestId("submit-order-button").getByText("Continue to payment").click()
    await page.waitForURL((url) => url.href.includes("/payment-link/") && url.href !== declinedLink)
    step(`paying again: a new link, ${page.url()}`)
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
