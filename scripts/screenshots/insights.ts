import type { Browser, Page } from "playwright-core"
import { seedInsightsCheckouts } from "../../integration-tests/helpers/insights-demo"
import { ADMIN } from "../demo/config"
import { openJourney } from "../demo/journey/context"
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
 * The Insights page in English and in Arabic, over the demo's journey and checkouts of every outcome
 * seeded as shoppers make them (the browser test's seed), with the checkouts the bank declined opened.
 */
export async function shootInsights(browser: Browser, adminUrl: string, sandboxUrl: string): Promise<void> {
  await seedInsightsCheckouts(await openJourney(adminUrl, sandboxUrl))
  const page = await browser.newPage({ ...TALL_DESKTOP, timezoneId: "Asia/Riyadh" })
  page.setDefaultTimeout(120_000)
  await page.goto(`${adminUrl}/app/login`)
  await page.getByPlaceholder("Email").fill(ADMIN.email)
  await page.getByPlaceholder("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await page.waitForURL((url) => !url.pathname.includes("/login"))

  for (const language of ["English", "العربية"] as const) {
    await useLanguage(page, adminUrl, language)
    await page.goto(`${adminUrl}/app/installments/insights`)
    await page.getByTestId("insights-chart").waitFor()
    await page.getByTestId("insights-funnel-bank_declined").click()
    await page.getByTestId("insights-checkouts").getByRole("row").nth(1).waitFor()
    await save(language === "English" ? "admin-insights-en" : "admin-insights-ar", page, page.getByTestId("installments-insights"))
  }
  await useLanguage(page, adminUrl, "English")
  await page.close()
}
