import type { Browser } from "playwright-core"
import { PHONE, save } from "./shots"

/** The demo's test card that Al Rajhi approves for a 0% plan (sandbox/README.md lists them all). */
const APPROVED_CARD = "4092010000000018"

/**
 * The shopper's side on a phone: the product page with the installments option and its plans, then
 * the hosted page's plan choice in Arabic (the store's language) and in English (its toggle). Each
 * checkout is paid, so the demo store keeps only completed orders.
 */
export async function shootStorefront(browser: Browser, storefrontUrl: string): Promise<void> {
  const page = await browser.newPage(PHONE)
  page.setDefaultTimeout(60_000)

  await page.goto(`${storefrontUrl}/?lang=en`)
  await page.locator(".card", { hasText: "Oud perfume" }).getByRole("link", { name: "Buy now" }).click()
  await page.getByText("Al Rajhi Bank: 12 months × 37.50 SAR").waitFor()
  await save("storefront-installments-option", page, page.locator(".card").first())

  await page.getByRole("button", { name: "Continue to payment" }).click()
  await page.waitForURL((url) => url.href.includes("/payment-link/"))
  await page.getByLabel("رقم البطاقة").fill(APPROVED_CARD)
  await page.getByRole("button", { name: "متابعة" }).click()
  await page.locator('input[value="installment:rajhi:12"]').check()
  await save("hosted-page-ar", page)
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith("/order/")),
    page.getByRole("button", { name: /^ادفع/ }).click(),
  ])

  await page.goto(`${storefrontUrl}/?lang=en`)
  await page.locator(".card", { hasText: "Oud perfume" }).getByRole("link", { name: "Buy now" }).click()
  await page.getByRole("button", { name: "Continue to payment" }).click()
  await page.waitForURL((url) => url.href.includes("/payment-link/"))
  await page.getByRole("link", { name: "English" }).click()
  await page.getByLabel("Card number").fill(APPROVED_CARD)
  await page.getByRole("button", { name: "Continue" }).click()
  await page.locator('input[value="installment:rajhi:6"]').check()
  await save("hosted-page-en", page)
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith("/order/")), page.getByRole("button", { name: /^Pay/ }).click()])
  await page.getByText("Your order is confirmed").waitFor()

  await page.close()
}
