/**
 * The hosted checkout in a real browser against a running sandbox: Debian's chromium driven by
 * playwright-core (scripts/ensure-chromium.sh installs it; `npm test` runs that first). Links are
 * created through the sandbox's HTTP API and outcomes are checked through it, so the page, the
 * engine and the API are proven together. Screenshots land in test-results/ for a human to look at.
 */
import { randomUUID } from "node:crypto"
import { mkdirSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { launchChromium } from "../../../../integration-tests/helpers/browser"
import { startSandbox } from "../../index"
import { TEST_CARDS, type CardOutcome } from "../../catalog/cards"

jest.setTimeout(90_000)

const SCREENSHOTS = path.resolve(process.cwd(), "test-results")
const SECRET = `browser-secret-${randomUUID()}`
const PUBLIC = `sandbox-browser-${randomUUID()}`
const STORE = randomUUID()

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

interface CallbackServer {
  url: string
  hits: string[]
  stop(): Promise<void>
}

// Cards are picked by what they do, not by number, so the catalog can change its numbers freely.
function testCard(prefix: string, outcome: CardOutcome): string {
  const card = TEST_CARDS.find((candidate) => candidate.number.startsWith(prefix) && candidate.outcome === outcome)
  if (!card) {
    throw new Error(`the sandbox catalog has no ${outcome} card starting ${prefix}`)
  }
  return card.number
}

const RAJHI_VISA = "409201"
const MADA = "588845"

/** Stands in for the merchant's storefront: records where the customer came back to. */
async function startCallbackServer(): Promise<CallbackServer> {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "")
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
    res.end("<!doctype html><title>Back at the shop</title><p>Back at the shop</p>")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    stop: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

let sandbox: Sandbox
let shop: CallbackServer
let browser: Browser
let page: Page

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  // Checked first: without chromium the file fails with one line saying how to install it.
  const launching = launchChromium()
  sandbox = await startSandbox({ port: 0, secretKey: SECRET, publicKey: PUBLIC, storeId: STORE })
  shop = await startCallbackServer()
  browser = await launching
})

afterAll(async () => {
  await browser?.close()
  await shop?.stop()
  await sandbox?.stop()
})

beforeEach(async () => {
  // A phone-sized window: payment links are mostly opened from an SMS or a QR code.
  page = await browser.newPage({ viewport: { width: 420, height: 860 } })
})

afterEach(async () => {
  await page?.close()
})

async function createLink(fields: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const res = await fetch(`${sandbox.url}/payment_links/${STORE}/create`, {
    method: "POST",
    headers: { Authorization: SECRET, "X-Service-Key": PUBLIC, "Content-Type": "application/json" },
    body: JSON.stringify({ amount: 1500, callback_url: `${shop.url}/return?order=${randomUUID()}`, ...fields }),
  })
  expect(res.status).toBe(201)
  const body = (await res.json()) as { payment_link_id: string; url: string }
  expect(body.url).toBe(`${sandbox.payUrl}/payment-link/${body.payment_link_id}`)
  return { id: body.payment_link_id, url: body.url }
}

async function transaction(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.url}/transactions/${id}`, {
    headers: { Authorization: SECRET, "X-Service-Key": PUBLIC, Accept: "application/json" },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true })
}

/** Submits the form and waits to land back on the shop; returns the query it came back with. */
async function payAndReturn(payButton: string | RegExp): Promise<URLSearchParams> {
  await Promise.all([page.waitForURL((url) => url.href.startsWith(shop.url)), page.getByRole("button", { name: payButton }).click()])
  const landed = new URL(page.url())
  expect(landed.pathname).toBe("/return")
  expect(landed.searchParams.get("order")).toBeTruthy()
  expect(shop.hits).toContain(landed.pathname + landed.search)
  return landed.searchParams
}

it("pays a 0% plan in English and returns to the shop with a successful installment transaction", async () => {
  const card = testCard(RAJHI_VISA, "success")
  const link = await createLink({ title: "Sofa order #1001", description: "Three-seat sofa, grey", language: "en" })
  await page.goto(link.url)
  expect(await page.getAttribute("html", "lang")).toBe("en")
  expect(await page.getAttribute("html", "dir")).toBe("ltr")
  await page.getByText("Sandbox — no real money").waitFor()
  await page.getByText("1,500.00 SAR").first().waitFor()
  await screenshot("checkout-en.png")

  await page.getByLabel("Card number").fill(card)
  await page.getByRole("button", { name: "Continue" }).click()
  const plan = page.locator('input[value="installment:rajhi:12"]')
  await plan.waitFor()
  expect(await page.content()).not.toContain(card)
  await screenshot("checkout-plans-en.png")

  await plan.check()
  const params = await payAndReturn("Pay 1,500.00 SAR")
  expect(params.get("status")).toBe("success")
  expect(params.get("payment_link_id")).toBe(link.id)
  const transactionId = params.get("transaction_id") as string
  expect(transactionId).toMatch(/^[0-9a-f-]{36}$/)

  const paid = await transaction(transactionId)
  expect(paid.status).toBe("success")
  expect(paid.payment_option).toBe("Installment")
  expect(String(paid.installment_duration)).toBe("12")
  expect(paid.payment_link_id).toBe(link.id)
  expect(paid.number).not.toBe(card)

  // Single use: the link is closed now and says so instead of showing a form.
  await page.goto(link.url)
  await page.getByText("This payment link is already paid").waitFor()
  expect(await page.locator("form").count()).toBe(0)
})

it("shows Arabic by default and pays in full with a mada card", async () => {
  const eligible = testCard(RAJHI_VISA, "success")
  const mada = testCard(MADA, "success")
  const link = await createLink({ title: "طلب كنب رقم 1002", description: "كنب ثلاثي، رمادي" })
  await page.goto(link.url)
  expect(await page.getAttribute("html", "lang")).toBe("ar")
  expect(await page.getAttribute("html", "dir")).toBe("rtl")
  await page.getByText("1,500.00 ر.س").first().waitFor()
  await screenshot("checkout-ar.png")

  await page.getByLabel("رقم البطاقة").fill(eligible)
  await page.getByRole("button", { name: "متابعة" }).click()
  await page.locator('input[value="installment:rajhi:24"]').waitFor()
  await screenshot("checkout-plans-ar.png")

  await page.getByRole("link", { name: "استخدام بطاقة أخرى" }).click()
  await page.getByLabel("رقم البطاقة").fill(mada)
  await page.getByRole("button", { name: "متابعة" }).click()
  const full = page.locator('input[value="pay_in_full"]')
  await full.waitFor()
  expect(await page.locator('input[value^="installment:"]').count()).toBe(0)
  await page.getByText("لا تتوفر خطط تقسيط لهذه البطاقة").waitFor()
  await screenshot("checkout-pay-in-full-ar.png")

  await full.check()
  const params = await payAndReturn("ادفع 1,500.00 ر.س")
  expect(params.get("status")).toBe("success")
  const paid = await transaction(params.get("transaction_id") as string)
  expect(paid.status).toBe("success")
  expect(paid.payment_option).toBe("Pay In Full")
  expect(paid.paymentBrand).toBe("MADA")
})

it("returns a declined card to the shop with status=fail", async () => {
  const declined = testCard(RAJHI_VISA, "decline")
  const link = await createLink({ title: "Lamp order #1003", language: "en" })
  await page.goto(`${link.url}?lang=en`)
  await page.getByLabel("Card number").fill(declined)
  await page.getByRole("button", { name: "Continue" }).click()
  await page.locator('input[value="installment:rajhi:3"]').check()
  const params = await payAndReturn(/^Pay /)
  expect(params.get("status")).toBe("fail")
  const failed = await transaction(params.get("transaction_id") as string)
  expect(failed.status).toBe("fail")
})

it("switches language with the toggle link and cancels back to the shop", async () => {
  const link = await createLink({ title: "Chair order #1004" })
  await page.goto(link.url)
  await page.getByRole("link", { name: "English" }).click()
  expect(await page.getAttribute("html", "lang")).toBe("en")
  const params = await payAndReturn("Cancel and return to the store")
  expect(params.get("status")).toBe("cancelled")
  expect(params.get("payment_link_id")).toBe(link.id)
})
