import { mkdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { type Browser, type Locator, type Page } from "playwright-core"
import { ADMIN, MERCHANT } from "../scripts/demo/config"
import { InstallmentsClient, type Transaction } from "../src/lib/client"
import { monthOf } from "../src/admin/lib/date-range"
import { formatSar } from "../src/admin/lib/format"
import { formatAmount, roundMedusaAmount } from "../src/lib/money"
import { launchChromium } from "./helpers/browser"
import { installStorePlugin } from "./helpers/store-apps"
import { waitFor } from "./helpers/sandbox"
import { demoSetup, killDemo, runDemo, stopDemo, waitForOutput, type DemoRun, type DemoSetup } from "./helpers/demo"

// The plugin's admin pages as a merchant uses them, in the demo store (`npm run demo`: the plugin
// packed and installed in examples/store, the sandbox, and a journey that leaves an order paid with
// Al Rajhi's 12 months at 0% and partly refunded). One demo for every test: each boot costs minutes.

const ROOT = path.resolve(__dirname, "..")
const SCREENSHOTS = path.join(ROOT, "test-results/screenshots")

let setup: DemoSetup
let run: DemoRun
let browser: Browser
let page: Page
let storeUrl: string
let sandboxUrl: string
let order: { id: string; displayId: string }
let transactionId: string
let transaction: Transaction
let adminToken: string

const shotPath = (name: string) => path.join(SCREENSHOTS, `admin-${name}.png`)
// Animations finished first: a drawer caught mid-slide looks cut off at the page's edge.
const shot = (name: string) => page.screenshot({ path: shotPath(name), fullPage: true, animations: "disabled" })
/** The order card alone: it sits below the fold of the order page's side column. */
const shotCard = (name: string) =>
  page.getByTestId("installments-order-card").screenshot({ path: shotPath(name), animations: "disabled" })

/** A request for one payout's rows (`/admin/installments/settlements/<id>?…`), not the summary. */
const PAYOUT_ROWS_READ = (response: { url: () => string }) => /\/admin\/installments\/settlements\/[^/?]+\?/.test(response.url())

/** The value next to a label on the order card. */
const detail = (card: Locator, label: string) => card.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]")

/** An admin call with the demo admin's token; a refusal fails the test with Medusa's message. */
async function adminPost<T>(route: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${storeUrl}${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!response.ok) {
    throw new Error(`${route}: ${response.status} ${await response.text()}`)
  }
  return (await response.json()) as T
}

async function adminApi<T>(token: string, route: string): Promise<T> {
  const response = await fetch(`${storeUrl}${route}`, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) {
    throw new Error(`${route}: ${response.status} ${await response.text()}`)
  }
  return (await response.json()) as T
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  // The run's install of the plugin into examples/store (store-apps.ts), which the demo then finds current.
  await installStorePlugin()
  setup = await demoSetup("installments_admin_test")
  run = runDemo(setup, ["--reset"])
  // The first run packs the plugin and installs examples/store; later runs reuse .demo/.
  await waitForOutput(run, /Press Ctrl\+C/, 900_000)
  const output = run.output()
  const [, displayId, orderId] = output.match(/order #(\d+) \((order_\w+)\)/) ?? []
  storeUrl = output.match(/Admin\s+(http:\/\/localhost:\d+)\/app/)![1]
  sandboxUrl = output.match(/Sandbox\s+(http:\/\/\S+?)\s/)![1]
  order = { id: orderId, displayId }

  // The order's installments payment and the service's transaction behind it, read as the merchant's
  // systems would: Medusa's admin API and the service's own API with the merchant's keys.
  const login = await fetch(`${storeUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  adminToken = token
  const { order: read } = await adminApi<{
    order: { payment_collections: { payments: { provider_id: string; data: Record<string, unknown> }[] }[] }
  }>(token, `/admin/orders/${order.id}?fields=id,*payment_collections.payments`)
  const payment = read.payment_collections
    .flatMap((collection) => collection.payments)
    .find((p) => p.provider_id.startsWith("pp_installments_"))!
  transactionId = String(payment.data.transaction_id)
  const client = new InstallmentsClient({ secretKey: MERCHANT.secretKey, publicKey: MERCHANT.publicKey, baseUrl: sandboxUrl })
  transaction = await client.transactions.retrieve(transactionId)

  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1440, height: 1400 }, acceptDownloads: true, timezoneId: "Asia/Riyadh" })
  // `medusa develop` serves the admin through Vite, which compiles each page on its first visit.
  page.setDefaultTimeout(90_000)
}, 1_000_000)

afterAll(async () => {
  await browser?.close()
  if (run) {
    await Promise.race([stopDemo(run), new Promise((resolve) => setTimeout(resolve, 60_000))])
    killDemo(run)
  }
  await setup?.dropDatabase()
}, 120_000)

describe("the plugin's admin pages in the demo store", () => {
  it("logs in and shows the 0% order's bank, tenure, fees and net payout as the service's transaction has them", async () => {
    await page.goto(`${storeUrl}/app/login`)
    await page.getByPlaceholder("Email").fill(ADMIN.email)
    await page.getByPlaceholder("Password").fill(ADMIN.password)
    await page.getByRole("button", { name: "Continue with Email" }).click()
    await page.waitForURL((url) => !url.pathname.includes("/login"))

    await page.goto(`${storeUrl}/app/orders/${order.id}`)
    const card = page.getByTestId("installments-order-card")
    await card.getByTestId("installments-payment").waitFor()
    expect(transaction.bank_name?.toLowerCase()).toBe("rajhi")
    await card.getByText(`Al Rajhi Bank · ${transaction.installment_duration} months · 0%`).waitFor()
    expect(await detail(card, "Amount").textContent()).toBe(formatSar(transaction.amount, "en"))
    expect(await detail(card, "Fees").textContent()).toBe(formatSar(transaction.service_fee, "en"))
    expect(await detail(card, "VAT on fees").textContent()).toBe(formatSar(transaction.service_tax_vat, "en"))
    expect(await detail(card, "Net payout").textContent()).toBe(formatSar(transaction.merchant_payout, "en"))
    await card.getByText("Approved").waitFor()
    await shotCard("order-card-en")
  })

  it("refunds part of the order from Medusa's Refund action: pending on the card, then settled with its rrn", async () => {
    // Medusa's own action: the payment's menu on the order page, Refund, an amount, Save.
    await page
      .locator("div.grid", { hasText: /pp_installments_/ })
      .getByRole("button")
      .last()
      .click()
    await page.getByRole("menuitem", { name: "Refund" }).click()
    await page.getByLabel("Amount").fill("100")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText(/Refund of amount .* successful/).waitFor()

    const card = page.getByTestId("installments-order-card")
    const refund = card.getByTestId("installments-refund-timeline").locator("li", { hasText: formatSar("100.00", "en") })
    await card.getByRole("button", { name: "Refresh" }).click()
    await refund.getByText("Pending").waitFor()
    await shotCard("order-refund-pending-en")

    // The service settles it (the sandbox's control API) and tells the store by webhook.
    const settled = await fetch(`${sandboxUrl}/__sandbox/refunds/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction_id: transactionId }),
    })
    expect(settled.status).toBe(200)
    const deadline = Date.now() + 60_000
    while (!(await refund.getByText("Settled").isVisible())) {
      expect(Date.now()).toBeLessThan(deadline)
      await page.waitForTimeout(2_000)
      await card.getByRole("button", { name: "Refresh" }).click()
    }
    await refund.getByText(/Bank reference \(RRN\): \w+/).waitFor()
    await shotCard("order-refund-settled-en")
  }, 180_000)

  it("creates a payment link, placing the API's error on its field, and shows its QR code", async () => {
    await page.goto(`${storeUrl}/app/installments/payment-links`)
    await page.getByTestId("installments-payment-links").waitFor()
    await shot("payment-links-en")
    await page.getByTestId("payment-links-create").click()
    await page.getByLabel("Amount (SAR)").fill("50")
    await page.getByLabel("Title").fill("Oud perfume (phone order)")
    await page.getByRole("radio", { name: /Installments only/ }).click()
    await page.getByRole("button", { name: "Create link" }).click()
    await page
      .getByTestId("field-error-link-amount")
      .getByText(/at least 100\.00 SAR when checkout is installments/)
      .waitFor()
    await shot("payment-link-field-error-en")

    await page.getByLabel("Amount (SAR)").fill("1,200")
    await page.getByRole("button", { name: "Create link" }).click()
    const created = page.getByTestId("payment-link-created")
    await created.waitFor()
    expect(await created.getByTestId("payment-link-url").textContent()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/payment-link\/[0-9a-f-]{36}$/
    )
    const qr = created.getByTestId("payment-link-qr")
    await expect(qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true)
    await shot("payment-link-created-en")
    await page.getByRole("button", { name: "Done" }).click()
    await page.getByRole("cell", { name: "Oud perfume (phone order)" }).first().waitFor()
  })

  it("requests payment by link for what an edited order owes: the amount, the checkout choice, then URL, QR code and expiry", async () => {
    // The merchant adds an item to the order (Medusa's order edit), so the order owes its price.
    const { order: placed } = await adminApi<{ order: { items: { variant_id: string }[] } }>(
      adminToken,
      `/admin/orders/${order.id}?fields=id,*items`
    )
    await adminPost("/admin/order-edits", { order_id: order.id })
    await adminPost(`/admin/order-edits/${order.id}/items`, { items: [{ variant_id: placed.items[0].variant_id, quantity: 1 }] })
    await adminPost(`/admin/order-edits/${order.id}/request`, {})
    await adminPost(`/admin/order-edits/${order.id}/confirm`, {})
    const { order: edited } = await adminApi<{ order: { payment_collections: { status: string; amount: number }[] } }>(
      adminToken,
      `/admin/orders/${order.id}?fields=id,payment_collections.status,payment_collections.amount`
    )
    const owed = edited.payment_collections.find((collection) => collection.status === "not_paid")!.amount

    await page.goto(`${storeUrl}/app/orders/${order.id}`)
    const card = page.getByTestId("installments-order-debt")
    await card.getByText("Payment due").waitFor()
    expect(await card.getByTestId("installments-order-debt-owed").textContent()).toContain(
      formatSar(formatAmount(roundMedusaAmount(owed)), "en")
    )
    await card.getByTestId("order-debt-request").click()
    await page.getByRole("radio", { name: /Card only/ }).click()
    await page.getByTestId("order-debt-submit").click()
    const created = page.getByTestId("payment-link-created")
    await created.waitFor()
    expect(await created.getByTestId("payment-link-url").textContent()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/payment-link\/[0-9a-f-]{36}$/
    )
    await expect(
      created.getByTestId("payment-link-qr").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    ).resolves.toBe(true)
    expect(await page.getByTestId("order-debt-expires").textContent()).toMatch(/^Valid until /)
    await shot("order-payment-link-en")
    await page.getByRole("button", { name: "Done" }).click()
    // The card now shows the link open for the debt.
    await card.getByTestId("installments-order-debt-open").waitFor()
  })

  it("shows the month's settlements with the demo order and downloads them as CSV", async () => {
    await page.goto(`${storeUrl}/app/installments`)
    const table = page.getByTestId("settlements-table")
    await table.getByRole("row").nth(1).waitFor()
    await page.getByTestId("settlements-chart").waitFor()
    // The summary carries no rows: a payout's rows are read when it is opened.
    const [rowsRead] = await Promise.all([page.waitForResponse(PAYOUT_ROWS_READ), table.getByRole("row").nth(1).click()])
    expect(rowsRead.status()).toBe(200)
    await page
      .getByTestId("settlement-orders")
      .getByRole("link", { name: `#${order.displayId}` })
      .first()
      .waitFor()
    await shot("settlements-en")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("settlements-download-csv").click()])
    const month = monthOf(new Date())
    expect(download.suggestedFilename()).toBe(`installments-settlements-${month.from}_${month.to}.csv`)
    const csv = readFileSync((await download.path())!, "utf8")
    const rows = csv.split("\n").filter((line) => line.includes(transactionId))
    // The payment and its refunds, each joined to the demo order.
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const row of rows) {
      expect(row).toContain(order.id)
    }
  })

  it("follows the admin user's language: Arabic, right to left, on the order card, settlements and payment links", async () => {
    // As a user switches: Profile → Edit → Language.
    await page.goto(`${storeUrl}/app/settings/profile/edit`)
    await page.getByRole("combobox").last().click()
    await page.getByRole("option", { name: "العربية" }).click()
    await page.getByRole("button", { name: "Save" }).click()
    await page.waitForFunction(() => document.documentElement.dir === "rtl")

    await page.goto(`${storeUrl}/app/orders/${order.id}`)
    const card = page.getByTestId("installments-order-card")
    await card.getByText("دفعة بالتقسيط").waitFor()
    expect(await page.getAttribute("html", "dir")).toBe("rtl")
    await card.getByText(`مصرف الراجحي · ${transaction.installment_duration} شهر · 0%`).waitFor()
    expect(await detail(card, "صافي المستحق").textContent()).toBe(formatSar(transaction.merchant_payout, "ar"))
    await shotCard("order-card-ar")
    const debt = page.getByTestId("installments-order-debt")
    await debt.getByText("مبلغ مستحق").waitFor()
    await debt.getByTestId("order-debt-request").click()
    await page.getByText("يمكن للعميل الدفع عبر").waitFor()
    await page.getByTestId("order-debt-submit").click()
    // The link made in English is still open for the same amount: the same link is answered.
    await page.getByText("يوجد رابط مفتوح بهذا المبلغ: هذا هو.").waitFor()
    await shot("order-payment-link-ar")
    await page.keyboard.press("Escape")

    await page.goto(`${storeUrl}/app/installments`)
    await page.getByRole("heading", { name: "التسويات" }).waitFor()
    await page.getByTestId("settlements-table").getByRole("row").nth(1).click()
    await page.getByTestId("settlement-orders").waitFor()
    await shot("settlements-ar")

    await page.goto(`${storeUrl}/app/installments/payment-links`)
    await page.getByRole("heading", { name: "روابط الدفع" }).waitFor()
    await page.getByRole("cell", { name: "Oud perfume (phone order)" }).first().waitFor()
    await shot("payment-links-ar")
    await page.getByTestId("payment-links-create").click()
    await page.getByText("يمكن للعميل الدفع عبر").waitFor()
    await shot("payment-link-form-ar")
  })
  it("pages a month of many payouts, and a payout's many rows, in Arabic and in English", async () => {
    // One payment a day for the whole month (about 30 payouts), and 45 on its first day (one payout of
    // 46 rows): more than a page of each. Seeded at the service, as its statement would list them.
    const month = monthOf(new Date())
    const seed = (body: Record<string, unknown>) =>
      fetch(`${sandboxUrl}/__sandbox/statements/seed`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: "1200.00", refund_every: 0, ...body }),
      })
    const days = Number(month.to.slice(8, 10))
    expect((await seed({ count: days, from: `${month.from}T12:00:00Z`, to: `${month.to}T12:00:00Z` })).status).toBe(201)
    expect((await seed({ count: 45, from: `${month.from}T08:00:00Z`, to: `${month.from}T09:00:00Z` })).status).toBe(201)

    const pages = async (words: { prev: string; next: string; language: string }) => {
      await page.goto(`${storeUrl}/app/installments`)
      const table = page.getByTestId("settlements-table")
      await table.getByRole("row").nth(1).waitFor()
      const firstPage = await table.getByRole("row").nth(1).textContent()
      // The payouts' second page is read from the API (offset 20), not sliced from a whole month.
      const [second] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().includes("/admin/installments/settlements?") && response.url().includes("offset=20")
        ),
        table.getByRole("button", { name: words.next }).click(),
      ])
      expect(second.status()).toBe(200)
      await waitFor(async () => (await table.getByRole("row").nth(1).textContent()) !== firstPage)
      await shot(`settlements-page-2-${words.language}`)

      // Back to the first page: its first payout (the month's first day) has 46 rows, read 20 at a time.
      await table.getByRole("button", { name: words.prev }).click()
      await waitFor(async () => (await table.getByRole("row").nth(1).textContent()) === firstPage)
      await Promise.all([page.waitForResponse(PAYOUT_ROWS_READ), table.getByRole("row").nth(1).click()])
      const rows = page.getByTestId("payout-rows")
      await waitFor(async () => (await rows.getByTestId("settlement-row").count()) === 20)
      const firstRows = await rows.textContent()
      const [rowsPage] = await Promise.all([
        page.waitForResponse((response) => PAYOUT_ROWS_READ(response) && response.url().includes("offset=20")),
        page.getByTestId("payout-rows-pagination").getByRole("button", { name: words.next }).click(),
      ])
      expect(rowsPage.status()).toBe(200)
      await waitFor(async () => (await rows.textContent()) !== firstRows)
      expect(await rows.getByTestId("settlement-row").count()).toBe(20)
      await shot(`settlement-rows-page-2-${words.language}`)
    }

    // The user's language is Arabic since the test before.
    await pages({ prev: "السابق", next: "التالي", language: "ar" })
    await page.goto(`${storeUrl}/app/settings/profile/edit`)
    await page.getByRole("combobox").last().click()
    await page.getByRole("option", { name: "English", exact: true }).click()
    await page.getByRole("button", { name: "حفظ" }).click()
    await page.waitForFunction(() => document.documentElement.dir === "ltr")
    await pages({ prev: "Previous", next: "Next", language: "en" })
  })
})
