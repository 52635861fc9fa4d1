import type { Browser, Page } from "playwright-core"
import { ADMIN } from "../demo/config"
import { save, TALL_DESKTOP } from "./shots"

/** Picks the admin user's language as a merchant does: Profile, Edit, Language. */
async function useLanguage(page: Page, adminUrl: string, language: "English" | "العربية"): Promise<void> {
  await page.goto(`${adminUrl}/app/settings/profile/edit`)
  await page.getByRole("combobox").last().click()
  await page.getByRole("option", { name: language, exact: true }).click()
  await page.getByRole("button", { name: /^(Save|حفظ)$/ }).click()
  const dir = language === "English" ? "ltr" : "rtl"
  await page.waitForFunction((expected) => document.documentElement.dir === expected, dir)
}

/**
 * The merchant's side: the order card in English and in Arabic (right to left), the settlements
 * page with its chart and a payout opened to its orders, a new payment link with its QR code, and
 * the settings page in English and in Arabic. The admin user is left in English, as the demo seeds it.
 */
export async function shootAdmin(browser: Browser, adminUrl: string, orderId: string): Promise<void> {
  const page = await browser.newPage({ ...TALL_DESKTOP, timezoneId: "Asia/Riyadh" })
  // `medusa develop` serves the admin through Vite, which compiles each page on its first visit.
  page.setDefaultTimeout(120_000)

  await page.goto(`${adminUrl}/app/login`)
  await page.getByPlaceholder("Email").fill(ADMIN.email)
  await page.getByPlaceholder("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await page.waitForURL((url) => !url.pathname.includes("/login"))
  await useLanguage(page, adminUrl, "English")

  await page.goto(`${adminUrl}/app/orders/${orderId}`)
  const card = page.getByTestId("installments-order-card")
  await card.getByText("Approved").waitFor()
  await card.getByTestId("installments-refund-timeline").waitFor()
  await save("admin-order-card-en", page, card)

  await page.goto(`${adminUrl}/app/installments`)
  const settlements = page.getByTestId("installments-settlements")
  await page.getByTestId("settlements-chart").waitFor()
  // The latest payout: the demo's orders (the seeded payments were paid out on earlier days).
  await page.getByTestId("settlements-table").getByRole("row").last().click()
  await page
    .getByTestId("settlement-orders")
    .getByRole("link", { name: /^#\d+$/ })
    .first()
    .waitFor()
  await save("admin-settlements-en", page, settlements)

  await page.goto(`${adminUrl}/app/installments/payment-links`)
  await page.getByTestId("installments-payment-links").waitFor()
  await page.getByTestId("payment-links-create").click()
  await page.getByLabel("Amount (SAR)").fill("1,200")
  await page.getByLabel("Title").fill("Majlis sofa (phone order)")
  await page.getByRole("button", { name: "Create link" }).click()
  const created = page.getByTestId("payment-link-created")
  await created.getByTestId("payment-link-qr").waitFor()
  await page.waitForFunction(() => [...document.querySelectorAll("img")].every((img) => img.complete))
  await save("admin-payment-link-qr-en", page, created)
  await page.getByRole("button", { name: "Done" }).click()

  await page.goto(`${adminUrl}/app/settings/installments`)
  const settings = page.getByTestId("installments-settings")
  await settings.getByTestId("installments-registration").first().waitFor()
  // Once the connection check answered: "Working" and the webhook's button (registered by the demo).
  await settings.getByText("Working").first().waitFor()
  await settings
    .getByRole("button", { name: /^Register (webhook|again)$/ })
    .first()
    .waitFor()
  await save("admin-settings-en", page, settings)

  await useLanguage(page, adminUrl, "العربية")
  await page.goto(`${adminUrl}/app/orders/${orderId}`)
  const cardAr = page.getByTestId("installments-order-card")
  await cardAr.getByText("دفعة بالتقسيط").waitFor()
  await cardAr.getByTestId("installments-refund-timeline").waitFor()
  await save("admin-order-card-ar", page, cardAr)

  await page.goto(`${adminUrl}/app/settings/installments`)
  const settingsAr = page.getByTestId("installments-settings")
  await settingsAr.getByText("يعمل").first().waitFor()
  await save("admin-settings-ar", page, settingsAr)
  await useLanguage(page, adminUrl, "English")

  await page.close()
}
