import { mkdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { type Browser, type Locator, type Page } from "playwright-core"
import { ADMIN, MERCHANT } from "../scripts/demo/config"
import { InstallmentsClient, type Transaction } from "../src/lib/client"
import { monthOf } from "../src/admin/lib/date-range"
import { formatSar } from "../src/admin/lib/format"
import ar from "../src/admin/i18n/json/ar.json"
import en from "../src/admin/i18n/json/en.json"
import { PLUGIN_JOBS } from "../src/installments/health/jobs"
import { formatAmount, roundMedusaAmount, toHalalas } from "../src/lib/money"
import { launchChromium } from "./helpers/browser"
import { answerAsRecount, recount, type RawCheckout, type RawOrder } from "./helpers/insights-recount"
import { INSIGHTS_SEED, seedInsightsCheckouts } from "./helpers/insights-demo"
import { openJourney } from "../scripts/demo/journey/context"
import { bankName, formatCount, formatShare } from "../src/admin/lib/insights-format"
import { installStorePlugin } from "./helpers/store-apps"
import { waitFor } from "./helpers/sandbox"
import { demoSetup, killDemo, runDemo, stopDemo, waitForOutput, type DemoRun, type DemoSetup } from "./helpers/demo"

// The plugin's admin pages as a merchant uses them, in the demo store (`npm run demo`: the plugin
// packed and installed in examples/store, the sandbox, and a journey that leaves an order paid with
// Al Rajhi's 12 months at 0% and partly refunded), with Medusa's `rbac` flag on (DEMO_RBAC): every test
// but the last runs as the super admin. One demo for every test: each boot costs minutes.

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
let publishableKey: string

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
/** Invites `staff` with `roleId` and accepts the invite as the new user does (register, accept). */
async function inviteStaff(staff: { email: string; password: string }, roleId: string): Promise<void> {
  const { invite } = await adminPost<{ invite: { token: string } }>("/admin/invites", { email: staff.email, roles: [roleId] })
  const registered = await fetch(`${storeUrl}/auth/user/emailpass/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(staff),
  })
  const { token: registration } = (await registered.json()) as { token: string }
  const accepted = await fetch(`${storeUrl}/admin/invites/accept?token=${invite.token}`, {
    method: "POST",
    headers: { authorization: `Bearer ${registration}`, "content-type": "application/json" },
    body: JSON.stringify({ first_name: "Staff", last_name: "Member" }),
  })
  expect(accepted.status).toBe(200)
}

/** Signs `staff` in on the admin's login page. */
async function signIn(staffPage: Page, staff: { email: string; password: string }): Promise<void> {
  await staffPage.goto(`${storeUrl}/app/login`)
  await staffPage.locator("input[name=email]").fill(staff.email)
  await staffPage.locator("input[name=password]").fill(staff.password)
  await staffPage.locator("button[type=submit]").click()
  await staffPage.waitForURL((url) => !url.pathname.includes("/login"))
}

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

/** A Store API call as the storefront makes it (the publishable key); a refusal fails the test with Medusa's message. */
async function storeApi<T>(route: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${storeUrl}${route}`, {
    method: body ? "POST" : "GET",
    headers: { "x-publishable-api-key": publishableKey, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  if (!response.ok) {
    throw new Error(`${route}: ${response.status} ${await response.text()}`)
  }
  return (await response.json()) as T
}

/** Checkouts the status route counts as waiting for the `installments` registration. */
async function checkoutsWaiting(): Promise<number> {
  const { registrations } = await adminApi<{ registrations: { provider_id: string; pending_sessions: number }[] }>(
    adminToken,
    "/admin/installments/status"
  )
  return registrations.find((registration) => registration.provider_id === "installments")!.pending_sessions
}

/** A shopper's checkout of the demo's 1,200 SAR rug with a 0% plan the bank puts under review: the order is placed, its payment pending. */
async function checkoutInBankReview(): Promise<void> {
  const { regions } = await storeApi<{ regions: { id: string; currency_code: string }[] }>("/store/regions")
  const region = regions.find((candidate) => candidate.currency_code === "sar")!
  const { products } = await storeApi<{ products: { variants: { id: string; calculated_price: { calculated_amount: number } }[] }[] }>(
    `/store/products?region_id=${region.id}&fields=*variants.calculated_price`
  )
  const variant = products.flatMap((product) => product.variants).find((v) => v.calculated_price.calculated_amount >= 1000)!
  const { cart } = await storeApi<{ cart: { id: string } }>("/store/carts", {
    region_id: region.id,
    email: "review@example.sa",
    locale: "en",
    items: [{ variant_id: variant.id, quantity: 1 }],
    shipping_address: { first_name: "Reem", address_1: "Olaya Street 12", city: "Riyadh", country_code: "sa", postal_code: "12211" },
  })
  const { shipping_options } = await storeApi<{ shipping_options: { id: string }[] }>(`/store/shipping-options?cart_id=${cart.id}`)
  await storeApi(`/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
  const { payment_collection: collection } = await storeApi<{ payment_collection: { id: string } }>("/store/payment-collections", {
    cart_id: cart.id,
  })
  const { payment_collection: withSession } = await storeApi<{
    payment_collection: { payment_sessions: { provider_id: string; data: { payment_link_id: string } }[] }
  }>(`/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: "pp_installments_installments",
    data: { cart_id: cart.id },
  })
  const linkId = withSession.payment_sessions.find((session) => session.provider_id === "pp_installments_installments")!.data
    .payment_link_id
  const paid = await fetch(`${sandboxUrl}/__sandbox/payment-links/${linkId}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // The sandbox's bank-review card: the bank has not decided yet.
    body: JSON.stringify({ card_number: "4092010000000042", payment_option: "Installment", bank_code: "rajhi", months: 3 }),
  })
  expect(paid.status).toBe(200)
  const completed = await storeApi<{ type: string }>(`/store/carts/${cart.id}/complete`, {})
  expect(completed.type).toBe("order")
}

/** The sandbox's merchant balance, which refunds draw from; setting it returns the one before. */
async function merchantBalance(balance?: string): Promise<string> {
  const read = await fetch(`${sandboxUrl}/__sandbox/merchant/balance`)
  const { balance: before } = (await read.json()) as { balance: string }
  if (balance !== undefined) {
    await fetch(`${sandboxUrl}/__sandbox/merchant/balance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ balance }),
    })
  }
  return before
}

/** Logs the demo admin in, unless the browser already holds the session (the first test logs in). */
async function ensureLoggedIn(): Promise<void> {
  await page.goto(`${storeUrl}/app/login`)
  const email = page.getByPlaceholder("Email")
  await Promise.race([email.waitFor(), page.waitForURL((url) => !url.pathname.includes("/login"))])
  if (page.url().includes("/login")) {
    await email.fill(ADMIN.email)
    await page.getByPlaceholder("Password").fill(ADMIN.password)
    await page.getByRole("button", { name: "Continue with Email" }).click()
    await page.waitForURL((url) => !url.pathname.includes("/login"))
  }
}

/** Switches the admin user's language as a merchant does: Profile → Edit → Language. */
async function useLanguage(language: "English" | "العربية"): Promise<void> {
  await page.goto(`${storeUrl}/app/settings/profile/edit`)
  await page.getByRole("combobox").last().click()
  await page.getByRole("option", { name: language, exact: true }).click()
  await page.getByRole("button", { name: /^(Save|حفظ)$/ }).click()
  await page.waitForFunction((dir) => document.documentElement.dir === dir, language === "English" ? "ltr" : "rtl")
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
  // With Medusa's role-based access control on (docs/admin.md): the demo's admin is its super admin,
  // and the last test signs in as a staff member whose role only reads the plugin's pages.
  run = runDemo(setup, ["--reset"], { DEMO_RBAC: "true" })
  // The first run packs the plugin and installs examples/store; later runs reuse .demo/.
  await waitForOutput(run, /Press Ctrl\+C/, 900_000)
  const output = run.output()
  const [, displayId, orderId] = output.match(/order #(\d+) \((order_\w+)\)/) ?? []
  storeUrl = output.match(/Admin\s+(http:\/\/localhost:\d+)\/app/)![1]
  sandboxUrl = output.match(/Sandbox\s+(http:\/\/\S+?)\s/)![1]
  publishableKey = output.match(/publishable key (pk_\w+)/)![1]
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
    // A minute for the demo to stop, then it is killed; the timer is cleared so it does not outlive the spec.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([stopDemo(run), new Promise((resolve) => (timer = setTimeout(resolve, 60_000)))])
    clearTimeout(timer)
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
    // The first visit has Vite compile the login and order pages (57 s of a busy run on 2026-11-27).
  }, 180_000)

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

  it("shows a staff member whose role only reads the plugin's pages which actions their role lacks, and one without the settlements' permission what Insights needs, in English and Arabic", async () => {
    // The role as docs/admin.md makes it: the plugin's read policies, an invite naming the role,
    // the invite accepted, a login.
    const { policies } = await adminApi<{ policies: { id: string; resource: string; operation: string }[] }>(
      adminToken,
      "/admin/rbac/policies?operation=read&limit=500"
    )
    const reads = policies.filter((policy) => policy.resource.startsWith("installments_"))
    expect(reads.map((policy) => policy.resource).sort()).toEqual([
      "installments_health",
      "installments_payment",
      "installments_payment_link",
      "installments_refund",
      "installments_settlement",
      "installments_webhook",
    ])
    const { role } = await adminPost<{ role: { id: string } }>("/admin/rbac/roles", {
      name: "Installments read-only",
      policy_ids: reads.map((policy) => policy.id),
    })
    const staff = { email: "bookkeeper@demo.sa", password: "bookkeeper-2026" }
    await inviteStaff(staff, role.id)

    for (const language of ["en", "ar"] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, timezoneId: "Asia/Riyadh" })
      // The dashboard reads the language from its `lng` cookie before the user's profile.
      await context.addCookies([{ name: "lng", value: language, url: storeUrl }])
      const staffPage = await context.newPage()
      staffPage.setDefaultTimeout(90_000)
      await signIn(staffPage, staff)

      // Payment links: the list reads, Create payment link is disabled with the permission it needs.
      await staffPage.goto(`${storeUrl}/app/installments/payment-links`)
      await staffPage.getByTestId("installments-payment-links").waitFor()
      await staffPage.getByRole("cell", { name: "Oud perfume (phone order)" }).first().waitFor()
      await expect(staffPage.getByTestId("payment-links-create").isDisabled()).resolves.toBe(true)
      const hint = staffPage.getByTestId("installments-permission-hint")
      expect(await hint.textContent()).toContain("installments_payment_link:create")
      expect(await staffPage.getAttribute("html", "dir")).toBe(language === "ar" ? "rtl" : "ltr")
      await staffPage.screenshot({ path: shotPath(`rbac-payment-links-${language}`), animations: "disabled" })

      // Settings > Installments: the connection check reads, Register webhook is disabled.
      await staffPage.goto(`${storeUrl}/app/settings/installments`)
      const register = staffPage.getByTestId("installments-register-webhook").first()
      await register.waitFor()
      await expect(register.isDisabled()).resolves.toBe(true)
      expect(await staffPage.getByTestId("installments-permission-hint").first().textContent()).toContain(
        "installments_webhook:create"
      )
      await staffPage.screenshot({ path: shotPath(`rbac-settings-${language}`), animations: "disabled" })
      // What the page does not offer, the server refuses all the same.
      const { token } = (await (
        await fetch(`${storeUrl}/auth/user/emailpass`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(staff),
        })
      ).json()) as { token: string }
      const refused = await fetch(`${storeUrl}/admin/installments/payment-links`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ amount: 100, title: "Not allowed" }),
      })
      expect(refused.status).toBe(403)
      await context.close()
    }

    // A role that reads payment links only: Insights sums the settlements' figures, so the page says
    // which permission it needs instead of calling routes that would refuse it.
    const linksOnly = await adminPost<{ role: { id: string } }>("/admin/rbac/roles", {
      name: "Payment links only",
      policy_ids: reads.filter((policy) => policy.resource === "installments_payment_link").map((policy) => policy.id),
    })
    const clerk = { email: "clerk@demo.sa", password: "clerk-2026" }
    await inviteStaff(clerk, linksOnly.role.id)
    for (const language of ["en", "ar"] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, timezoneId: "Asia/Riyadh" })
      await context.addCookies([{ name: "lng", value: language, url: storeUrl }])
      const clerkPage = await context.newPage()
      clerkPage.setDefaultTimeout(90_000)
      const insightsCalls: string[] = []
      clerkPage.on("request", (request) => {
        if (request.url().includes("/admin/installments/insights")) {
          insightsCalls.push(request.url())
        }
      })
      await signIn(clerkPage, clerk)
      await clerkPage.goto(`${storeUrl}/app/installments/insights`)
      // Whichever the page shows first: the gate, or Insights itself (which it must not show).
      const gate = clerkPage.getByTestId("installments-not-permitted")
      const insights = clerkPage.getByTestId("installments-insights")
      await Promise.race([gate.waitFor(), insights.waitFor()])
      expect(await insights.count()).toBe(0)
      expect(await gate.textContent()).toContain("installments_settlement:read")
      expect(await gate.textContent()).toContain(language === "ar" ? "لا يتضمن دورك" : "Your role does not include")
      expect(insightsCalls).toEqual([])
      await clerkPage.screenshot({ path: shotPath(`rbac-insights-${language}`), animations: "disabled" })
      await context.close()
    }
    // Four sign-ins, each page compiled by Vite on its first visit: 38 s alone, twice that in a busy run.
  }, 300_000)
  it("tells the merchant the truth in English and Arabic: the environment, what waits (a 0% plan in bank review too), a refused refund that is not retried", async () => {
    // The user is in English since the test before (and when this test runs alone).
    await ensureLoggedIn()
    const before = await checkoutsWaiting()
    await checkoutInBankReview()
    const waiting = await checkoutsWaiting()
    expect(waiting).toBe(before + 1)

    const settingsOf = async (words: { waiting: string; environment: string; shot: string }) => {
      await page.goto(`${storeUrl}/app/settings/installments`)
      const card = page
        .getByTestId("installments-registration")
        .filter({ has: page.getByRole("heading", { name: "installments", exact: true }) })
      await card.getByTestId("installments-environment").waitFor()
      expect(await card.getByTestId("installments-environment").textContent()).toBe(words.environment)
      expect(await detail(card, words.waiting).textContent()).toBe(String(waiting))
      await card.screenshot({ path: shotPath(words.shot), animations: "disabled" })
    }
    await settingsOf({ waiting: "Checkouts waiting", environment: "Sandbox", shot: "settings-waiting-en" })
    // The demo's keys are the sandbox's. A registration with production keys is answered by the status
    // route with `environment: "production"` (scenario W6 of installments.spec.ts, through that route);
    // that answer, given to the page, must read Production.
    const production = async (words: { environment: string; shot: string }) => {
      await page.route("**/admin/installments/status*", async (route) => {
        const answer = await route.fetch()
        const body = (await answer.json()) as { registrations: { provider_id: string; environment: string }[] }
        for (const registration of body.registrations) {
          registration.environment = registration.provider_id === "installments" ? "production" : registration.environment
        }
        await route.fulfill({ response: answer, json: body })
      })
      try {
        await page.goto(`${storeUrl}/app/settings/installments`)
        const card = page
          .getByTestId("installments-registration")
          .filter({ has: page.getByRole("heading", { name: "installments", exact: true }) })
        await card.getByTestId("installments-environment").getByText(words.environment, { exact: true }).waitFor()
        await card.screenshot({ path: shotPath(words.shot), animations: "disabled" })
      } finally {
        await page.unroute("**/admin/installments/status*")
      }
    }
    await production({ environment: "Production", shot: "settings-production-en" })

    // The merchant balance cannot cover a refund: Medusa's Refund action is refused, and the plugin
    // never sends a refund asked for in Medusa's admin again on its own.
    const balance = await merchantBalance("0.00")
    try {
      await page.goto(`${storeUrl}/app/orders/${order.id}`)
      const card = page.getByTestId("installments-order-card")
      await card.getByTestId("installments-payment").waitFor()
      await page
        .locator("div.grid", { hasText: /pp_installments_/ })
        .getByRole("button")
        .last()
        .click()
      await page.getByRole("menuitem", { name: "Refund" }).click()
      await page.getByLabel("Amount").fill("10")
      await page.getByRole("button", { name: "Save" }).click()
      // The refusal is in the plugin's ledger once Medusa's refund workflow has run.
      await waitFor(async () => {
        const { refunds } = await adminApi<{ refunds: { amount: number; status: string; source: string }[] }>(
          adminToken,
          `/admin/installments/refunds?transaction_id=${transactionId}&status=failed`
        )
        return refunds.some((refund) => Number(refund.amount) === 10 && refund.source === "admin")
      }, 60_000)
    } finally {
      await merchantBalance(balance)
    }
    await page.goto(`${storeUrl}/app/orders/${order.id}`)
    const card = page.getByTestId("installments-order-card")
    const refused = card
      .getByTestId("installments-refund-timeline")
      .locator("li", { hasText: formatSar("10.00", "en") })
      .last()
    await refused.getByText("Failed").waitFor()
    await refused
      .getByText(
        /too low to cover this refund\. Top up the merchant account\. It is not retried automatically: press Retry once the cause is fixed\./
      )
      .waitFor()
    expect(await refused.textContent()).not.toMatch(/retries the refund automatically|will be retried automatically/)
    await shotCard("order-refund-not-retried-en")

    await useLanguage("العربية")
    try {
      await settingsOf({ waiting: "عمليات دفع بانتظار الإكمال", environment: "تجريبي", shot: "settings-waiting-ar" })
      await production({ environment: "بيئة الإنتاج", shot: "settings-production-ar" })
      await page.goto(`${storeUrl}/app/orders/${order.id}`)
      const arabic = page.getByTestId("installments-order-card")
      await arabic.getByText("دفعة بالتقسيط").waitFor()
      const row = arabic
        .getByTestId("installments-refund-timeline")
        .locator("li", { hasText: formatSar("10.00", "ar") })
        .last()
      await row.getByText("لن تُعاد المحاولة تلقائيًا: اضغط إعادة المحاولة بعد معالجة السبب.", { exact: false }).waitFor()
      await shotCard("order-refund-not-retried-ar")
    } finally {
      await useLanguage("English")
    }
  }, 300_000)
  it("Insights, in English and in Arabic: checkouts of every outcome and the store's other way of paying, each figure as the records count it", async () => {
    type Insights = {
      from_date: string
      to_date: string
      funnel: {
        started: number
        conversion: string | null
        outcomes: Record<string, { checkouts: number; amount: string; share: string | null }>
        bank_rejections: number
        card_declines: number
      }
      ways: Array<{
        way: string
        provider_id: string | null
        orders: number
        total: string
        average: string | null
        banks?: Array<{ bank: string | null }>
      }>
      totals: {
        orders: number
        total: string
        average: string | null
        refunded: string
        refunded_orders: number
        share_refunded: string | null
      }
      costs: { orders: number; fees_and_vat: string; share_fees_and_vat: string | null }
    } & Parameters<typeof answerAsRecount>[0]
    const INSIGHTS_READ = (response: { url: () => string }) => /\/admin\/installments\/insights\?/.test(response.url())
    /** Opens the page (its default window: the last 30 days) and answers what the page read. */
    const openInsights = async (): Promise<Insights> => {
      // Waiting only once the new document is committed: a read still in flight from the page before
      // would otherwise be taken, and its body is gone with that page.
      await page.goto(`${storeUrl}/app/installments/insights`, { waitUntil: "commit" })
      const read = await page.waitForResponse(INSIGHTS_READ)
      const answer = (await read.json()) as Insights
      expect(read.status()).toBe(200)
      await page.getByTestId("insights-funnel").waitFor()
      return answer
    }
    const wayKey = (way: { way: string; provider_id: string | null }) => (way.way === "provider" ? way.provider_id! : way.way)

    // Tall enough for the whole page in one picture: the dashboard scrolls inside its own container.
    await page.setViewportSize({ width: 1440, height: 2800 })
    // Logged in and in English since the tests before; logs in when run alone.
    await page.goto(`${storeUrl}/app/installments/insights`)
    const login = page.getByPlaceholder("Email")
    await Promise.race([login.waitFor(), page.getByTestId("installments-insights").waitFor()])
    if (await login.isVisible()) {
      await login.fill(ADMIN.email)
      await page.getByPlaceholder("Password").fill(ADMIN.password)
      await page.getByRole("button", { name: "Continue with Email" }).click()
      await page.waitForURL((url) => !url.pathname.includes("/login"))
    }
    const before = await openInsights()
    // Session ids carry the time they were made (this machine's clock, the store's too).
    const seedStarted = Date.now()
    await seedInsightsCheckouts(await openJourney(storeUrl, sandboxUrl))
    const after = await openInsights()
    expect([after.from_date, after.to_date]).toEqual([before.from_date, before.to_date])
    // A checkout is recorded when its link is read: one begun before the seed (an earlier test's) can
    // be recorded meanwhile, by a sweep, and count in `after` only. So the page grew by at least the
    // seed; the seed's own checkouts are counted below from the list, and every figure is recounted.
    expect(after.funnel.started - before.funnel.started).toBeGreaterThanOrEqual(INSIGHTS_SEED.started)

    // What the seed added, way by way.
    const ordersOf = (answer: Insights, key: string) => answer.ways.find((way) => wayKey(way) === key)?.orders ?? 0
    const totalOf = (answer: Insights, key: string) => answer.ways.find((way) => wayKey(way) === key)?.total ?? "0.00"
    for (const [key, added] of Object.entries(INSIGHTS_SEED.ways)) {
      expect({ key, orders: ordersOf(after, key) - ordersOf(before, key) }).toEqual({ key, orders: added.orders })
      expect({ key, total: formatAmount(toHalalas(totalOf(after, key)) - toHalalas(totalOf(before, key))) }).toEqual({
        key,
        total: added.total,
      })
    }

    // Every figure against a recount from the store's records (Medusa's orders, the plugin's checkouts).
    const { orders } = await adminApi<{ orders: RawOrder[] }>(
      adminToken,
      "/admin/orders?limit=200&fields=id,created_at,currency_code,*payment_collections,*payment_collections.payments," +
        "*payment_collections.payments.refunds,*payment_collections.payment_sessions"
    )
    const checkouts: RawCheckout[] = []
    for (let offset = 0; ; offset += 100) {
      const pageOf = await adminApi<{ checkouts: RawCheckout[]; count: number }>(
        adminToken,
        `/admin/installments/insights/checkouts?from_date=${after.from_date}&to_date=${after.to_date}&limit=100&offset=${offset}`
      )
      checkouts.push(...pageOf.checkouts)
      if (checkouts.length >= pageOf.count) break
    }
    // The seed's own checkouts, outcome by outcome.
    const seeded = checkouts.filter((checkout) => new Date(checkout.started_at).getTime() >= seedStarted)
    expect(seeded).toHaveLength(INSIGHTS_SEED.started)
    for (const [outcome, added] of Object.entries(INSIGHTS_SEED.outcomes)) {
      expect({ outcome, added: seeded.filter((checkout) => checkout.outcome === outcome).length }).toEqual({ outcome, added })
    }
    const from = new Date(`${after.from_date}T00:00:00Z`)
    const to = new Date(Date.parse(`${after.to_date}T00:00:00Z`) + 86_400_000)
    const { sales_with_fees: _salesWithFees, ...costs } = recount(orders, checkouts, from, to).costs
    expect(answerAsRecount(after)).toEqual({ ...recount(orders, checkouts, from, to), costs })

    // What the merchant reads, in English: the figures of the answer the page was drawn from.
    const shows = async (locale: "en" | "ar", shown: Insights) => {
      for (const [outcome, row] of Object.entries(shown.funnel.outcomes)) {
        const line = page.getByTestId(`insights-funnel-${outcome}`)
        expect({ outcome, count: await line.getByTestId("insights-funnel-count").textContent() }).toEqual({
          outcome,
          count: formatCount(row.checkouts, locale),
        })
        expect(await line.getByTestId("insights-funnel-amount").textContent()).toBe(formatSar(row.amount, locale))
      }
      expect(await page.getByTestId("insights-card-conversion").getByTestId("insights-card-value").textContent()).toBe(
        formatShare(shown.funnel.conversion, locale)
      )
      for (const way of shown.ways) {
        const row = page.getByTestId(`ways-row-${wayKey(way)}`)
        expect({ way: wayKey(way), total: await row.getByTestId("ways-total").textContent() }).toEqual({
          way: wayKey(way),
          total: formatSar(way.total, locale),
        })
        expect(await row.getByTestId("ways-average").textContent()).toBe(formatSar(way.average, locale))
      }
      const allOrders = page.getByTestId("ways-row-all")
      expect(await allOrders.getByTestId("ways-orders").textContent()).toBe(formatCount(shown.totals.orders, locale))
      expect(await page.getByTestId("insights-cost-feesAndVat").getByTestId("insights-cost-amount").textContent()).toBe(
        formatSar(shown.costs.fees_and_vat, locale)
      )
      await page.getByTestId("insights-chart").waitFor()
      expect(await page.getByTestId("insights-chart-segment").count()).toBeGreaterThan(0)
    }
    await shows("en", after)
    await page.getByTestId("ways-row-bank-rajhi").getByText("Al Rajhi Bank").waitFor()
    await page.getByTestId("ways-row-tenure-rajhi-12").getByText("12 months").waitFor()
    await page.getByTestId("ways-row-pp_system_default").getByText("Manual payment (Medusa)").waitFor()
    expect(await page.getByTestId("insights-funnel-refusals").textContent()).toBe(
      `Paid after a refused attempt: ${after.funnel.paid_after_refusal} · attempts refused by a bank: ${after.funnel.bank_rejections}, by a card: ${after.funnel.card_declines}`
    )
    await shot("insights-en")

    // The checkouts behind a figure: the bank's refusal the seed made, with its plan.
    await page.getByTestId("insights-funnel-bank_declined").click()
    const listed = page.getByTestId("insights-checkouts")
    await listed.getByText("Declined by the bank: the checkouts").waitFor()
    await listed.getByText("Al Rajhi Bank · 3 months").first().waitFor()
    await shot("insights-checkouts-en")

    // A table as CSV: the same figures the page shows.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("insights-csv-ways").click()])
    expect(download.suggestedFilename()).toBe(`installments-insights-ways-${after.from_date}_${after.to_date}.csv`)
    const csv = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\r\n")
    expect(csv.at(-1)).toBe(
      `"all","","","",${after.totals.orders},100.00,${after.totals.total},${after.totals.average},${after.totals.refunded},${after.totals.refunded_orders},${after.totals.share_refunded}`
    )

    // In Arabic, right to left: the same figures in Arabic digits.
    await page.goto(`${storeUrl}/app/settings/profile/edit`)
    await page.getByRole("combobox").last().click()
    await page.getByRole("option", { name: "العربية" }).click()
    await page.getByRole("button", { name: "Save" }).click()
    await page.waitForFunction(() => document.documentElement.dir === "rtl")
    const arabic = await openInsights()
    // A sweep may record an earlier test's checkout between the two reads (as above): never fewer.
    expect(arabic.funnel.started).toBeGreaterThanOrEqual(after.funnel.started)
    await page.getByRole("heading", { name: "التحليلات" }).first().waitFor()
    expect(await page.getAttribute("html", "dir")).toBe("rtl")
    await shows("ar", arabic)
    await page.getByTestId("ways-row-bank-rajhi").getByText(bankName("rajhi", "ar")).waitFor()
    await page.getByTestId("insights-funnel-paid").getByText("مدفوعة").waitFor()
    await shot("insights-ar")

    // The admin user back in English, as the demo seeds it.
    await page.goto(`${storeUrl}/app/settings/profile/edit`)
    await page.getByRole("combobox").last().click()
    await page.getByRole("option", { name: "English", exact: true }).click()
    await page.getByRole("button", { name: "حفظ" }).click()
    await page.waitForFunction(() => document.documentElement.dir === "ltr")
    await page.setViewportSize({ width: 1440, height: 1400 })
  }, 600_000)
  it("Health, in English and in Arabic: every background job by name with how its last run ended, a delivery a proxy emptied said with its fix, the connection checked", async () => {
    type Health = { jobs: { name: string; outcome: "ok" | "failed" | null; running: boolean }[] }
    const HEALTH_READ = (response: { url: () => string }) => /\/admin\/installments\/health(\?|$)/.test(response.url())
    // A proxy in front of the store that drops the body: the webhook route refuses the delivery.
    const emptied = await fetch(`${storeUrl}/hooks/payment/installments_installments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    })
    expect(emptied.status).toBe(400)

    const words = {
      en: {
        title: "Health",
        names: en.installments.health.jobs.names as Record<string, string>,
        outcome: { ok: /^Succeeded · \d+ ms$/, failed: /^Failed$/, running: /^Running$/, never: /^—$/ },
        refused: "empty body",
        fix: "A proxy drops the body of the request: forward it untouched.",
        check: "Check connection",
        answers: /^Answers in \d+ ms$/,
      },
      ar: {
        title: "حالة الربط",
        names: ar.installments.health.jobs.names as Record<string, string>,
        outcome: { ok: /^نجحت · \d+ ملّي ثانية$/, failed: /^فشلت$/, running: /^قيد التشغيل$/, never: /^—$/ },
        refused: "محتوى فارغ",
        fix: "وسيط يحذف محتوى الطلب: مرّره دون تعديل.",
        check: "فحص الاتصال",
        answers: /^تستجيب خلال \d+ ملّي ثانية$/,
      },
    }
    const shows = async (locale: "en" | "ar") => {
      const said = words[locale]
      await page.goto(`${storeUrl}/app/installments/health`, { waitUntil: "commit" })
      const read = await page.waitForResponse(HEALTH_READ)
      expect(read.status()).toBe(200)
      const answer = (await read.json()) as Health
      const health = page.getByTestId("installments-health")
      await health.getByRole("heading", { name: said.title, exact: true }).waitFor()
      expect(await page.getAttribute("html", "dir")).toBe(locale === "ar" ? "rtl" : "ltr")

      // Every job of the plugin, by its name in the merchant's words, with how its last run ended.
      await health.getByTestId("health-job").first().waitFor()
      expect(answer.jobs.map((job) => job.name).sort()).toEqual(PLUGIN_JOBS.map((job) => job.name).sort())
      for (const job of answer.jobs) {
        const row = health.locator(`[data-testid="health-job"][data-job="${job.name}"]`)
        const status = job.running ? "running" : (job.outcome ?? "never")
        expect({ job: job.name, name: await row.getByRole("cell").first().textContent() }).toEqual({
          job: job.name,
          name: expect.stringContaining(said.names[job.name]),
        })
        expect({ job: job.name, outcome: await row.getByRole("cell").nth(2).textContent() }).toEqual({
          job: job.name,
          outcome: expect.stringMatching(said.outcome[status]),
        })
      }

      // The refused delivery, in words, with its fix.
      const refused = health.locator('[data-testid="health-problem"][data-code="deliveries_refused"]')
      await refused.getByText(said.refused, { exact: false }).first().waitFor()
      await refused.getByText(said.fix, { exact: false }).first().waitFor()

      // Check connection: the service is read once and answers.
      await health.getByRole("button", { name: said.check }).click()
      await health.getByTestId("health-registration").first().getByText(said.answers).waitFor()

      // No translation key and no job's Medusa name left on the page.
      const text = (await health.textContent()) ?? ""
      expect(text).not.toMatch(/installments\.(health|common|settings)\./)
      expect(text).not.toMatch(/installments-[a-z]+-[a-z-]+/)
      await health.screenshot({ path: shotPath(`health-${locale}`), animations: "disabled" })
    }

    await ensureLoggedIn()
    await page.setViewportSize({ width: 1440, height: 2400 })
    try {
      await shows("en")
      await useLanguage("العربية")
      await shows("ar")
    } finally {
      await useLanguage("English")
      await page.setViewportSize({ width: 1440, height: 1400 })
    }
  }, 300_000)
})
