import type { Browser, Page } from "playwright-core"
import { ADMIN } from "../demo/config"
import { save, TALL_DESKTOP } from "./shots"

async function useLanguage(page: Page, adminUrl: string, language: "English" | "العربية"): Promise<void> {
  await page.goto(`${adminUrl}/app/settings/profile/edit`)
  await page.getByRole("combobox").last().click()
  await page.getByRole("option", { name: language, exact: true }).click()
  await page.getByRole("button", { name: /^(Save|حفظ)$/ }).click()
  const dir = language === "English" ? "ltr" : "rtl"
  await page.waitForFunction((expected) => document.documentElement.dir === expected, dir)
}

/**
 * The Health page in English and in Arabic, its connection checked, after the demo's journey and one
 * delivery a proxy emptied on its way (a POST to the webhook path with no body), so the page shows a
 * problem and its fix as a merchant meets one.
 */
export async function shootHealth(browser: Browser, adminUrl: string): Promise<void> {
  const emptied = await fetch(`${adminUrl}/hooks/payment/installments_installments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
  })
  if (emptied.status !== 400) {
    throw new Error(`health: an empty delivery was answered ${emptied.status}, not 400`)
  }
  const page = await browser.newPage({ ...TALL_DESKTOP, timezoneId: "Asia/Riyadh" })
  page.setDefaultTimeout(120_000)
  await page.goto(`${adminUrl}/app/login`)
  await page.getByPlaceholder("Email").fill(ADMIN.email)
  await page.getByPlaceholder("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await page.waitForURL((url) => !url.pathname.includes("/login"))

  for (const language of ["English", "العربية"] as const) {
    await useLanguage(page, adminUrl, language)
    await page.goto(`${adminUrl}/app/installments/health`)
    const health = page.getByTestId("installments-health")
    await health.getByTestId("health-job").first().waitFor()
    await health.getByTestId("health-problem").first().waitFor()
    await health.getByRole("button", { name: language === "English" ? "Check connection" : "فحص الاتصال" }).click()
    await health
      .getByText(language === "English" ? /^Answers in \d+ ms$/ : /^تستجيب خلال/)
      .first()
      .waitFor()
    await save(language === "English" ? "admin-health-en" : "admin-health-ar", page, health)
  }
  await useLanguage(page, adminUrl, "English")
  await page.close()
}
