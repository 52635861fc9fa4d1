import { mkdirSync } from "node:fs"
import path from "node:path"
import { type Browser, type Page } from "playwright-core"
import { launchChromium } from "./helpers/browser"
import { installStorePlugin } from "./helpers/store-apps"
import { answersHttp, demoSetup, killDemo, runDemo as startDemo, waitForOutput, type DemoRun, type DemoSetup } from "./helpers/demo"

// `npm run demo` as a merchant's developer runs it, on this machine's PostgreSQL (DATABASE_URL):
// once with --once (the journey must pass and the command exit 0), then kept running while a
// browser clicks through the demo storefront to the order confirmation, then stopped with Ctrl+C.

const ROOT = path.resolve(__dirname, "..")
const SCREENSHOTS = path.join(ROOT, "test-results/screenshots")

let setup: DemoSetup
let ports: DemoSetup["ports"]
const runDemo = (args: string[]) => startDemo(setup, args)

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  // The run's install of the plugin into examples/store (store-apps.ts), which the demo then finds current.
  await installStorePlugin()
  setup = await demoSetup("installments_demo_test")
  ports = setup.ports
})

afterAll(async () => {
  await setup.dropDatabase()
})

describe("npm run demo", () => {
  it("--once walks the whole journey, prints each step with its timing, and exits 0", async () => {
    const run = runDemo(["--once", "--reset"])
    const code = await run.exited
    const output = run.output()
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("Every step succeeded") })
    for (const shown of [
      /✔ Shopper fills a cart \(Store API\) \(\d+\.\d s\)/,
      /hosted page http:\/\/127\.0\.0\.1:\d+\/payment-link\//,
      /Al Rajhi, 12 months at 0%/,
      /order #\d+ \(order_\w+\): 1450\.00 SAR captured/,
      /250\.00 SAR refunded automatically on receipt/,
      /settled, rrn \w+/,
      /net payout [\d.]+ SAR/,
      /Admin\s+http:\/\/localhost:\d+\/app\s+\(admin@demo\.sa \/ demo-admin-2026\)/,
    ]) {
      expect(output).toMatch(shown)
    }
    // Everything it started is stopped: the store and the sandbox no longer answer.
    expect(await answersHttp(`http://localhost:${ports.DEMO_STORE_PORT}/health`)).toBe(false)
    expect(await answersHttp(`http://127.0.0.1:${ports.DEMO_SANDBOX_PORT}/`)).toBe(false)
  }, 600_000)

  describe("the demo storefront in a browser", () => {
    let run: DemoRun
    let browser: Browser
    let page: Page

    beforeAll(async () => {
      run = runDemo([])
      await waitForOutput(run, /Press Ctrl\+C/, 300_000)
      browser = await launchChromium()
      // A phone-sized window: most Saudi shoppers buy on their phone.
      page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    }, 360_000)

    afterAll(async () => {
      await browser?.close()
      killDemo(run)
    })

    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true })
    const storefront = () => `http://localhost:${ports.DEMO_STOREFRONT_PORT}`

    it("shows the products in Arabic with the 0% line where a bank's minimum is met", async () => {
      await page.goto(storefront())
      expect(await page.getAttribute("html", "dir")).toBe("rtl")
      await page.getByText("سجادة صلاة حرير منسوجة يدويًا").waitFor()
      // 1,200 SAR: 24 months with Al Rajhi; 250 SAR is below every bank's minimum.
      await page.getByText("أو 24 × 50.00 ر.س بدون فوائد").waitFor()
      expect(await page.locator(".promo").count()).toBe(2)
      await shot("demo-storefront-ar.png")
    })

    it("takes a shopper from the product through the hosted page to the order confirmation", async () => {
      await page.goto(`${storefront()}/?lang=en`)
      await shot("demo-storefront-en.png")
      await page.locator(".card", { hasText: "Oud perfume" }).getByRole("link", { name: "Buy now" }).click()
      await page.getByText("Al Rajhi Bank: 12 months × 37.50 SAR").waitFor()
      await shot("demo-product-en.png")
      expect(await page.locator('input[name="provider"][value="bnpl"]').isChecked()).toBe(true)

      await page.getByRole("button", { name: "Continue to payment" }).click()
      await page.waitForURL((url) => url.href.includes("/payment-link/"))
      await page.getByLabel("رقم البطاقة").fill("4092010000000018")
      await page.getByRole("button", { name: "متابعة" }).click()
      await page.locator('input[value="installment:rajhi:6"]').check()
      await shot("demo-hosted-page.png")
      await Promise.all([
        page.waitForURL((url) => url.pathname.startsWith("/order/")),
        page.getByRole("button", { name: /^ادفع/ }).click(),
      ])

      await page.getByText("Your order is confirmed").waitFor()
      expect(await page.getByTestId("order-number").textContent()).toMatch(/^#\d+$/)
      await page.getByText("450.00 SAR").waitFor()
      await shot("demo-order-confirmed-en.png")
    })

    it("brings a shopper whose card was declined back with the reason and a way to pay again", async () => {
      await page.goto(`${storefront()}/products/dallah?lang=en`)
      // 250 SAR is below every bank's minimum: the card is the only option.
      await page.getByText("0% installments from 300.00 SAR").waitFor()
      expect(await page.locator('input[name="provider"][value="card"]').isChecked()).toBe(true)
      await page.getByRole("button", { name: "Continue to payment" }).click()
      await page.waitForURL((url) => url.href.includes("/payment-link/"))
      await page.getByLabel("رقم البطاقة").fill("4092010000000026")
      await page.getByRole("button", { name: "متابعة" }).click()
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/checkout/return"),
        page.getByRole("button", { name: /^ادفع/ }).click(),
      ])

      await page.getByText("The payment did not go through").waitFor()
      await page.getByText("The card payment was declined or not authenticated. Try again with another card.").waitFor()
      await shot("demo-payment-declined-en.png")
      await page.getByRole("link", { name: "Try again" }).click()
      await page.getByText("Brass dallah coffee pot").waitFor()
    })

    it("stops the store, storefront, sandbox and database on Ctrl+C", async () => {
      process.kill(-run.child.pid!, "SIGINT")
      await run.exited
      expect(run.output()).toMatch(/Stopping the store, storefront, sandbox and database/)
      for (const url of [
        `http://localhost:${ports.DEMO_STORE_PORT}/health`,
        storefront(),
        `http://127.0.0.1:${ports.DEMO_SANDBOX_PORT}/`,
      ]) {
        expect(await answersHttp(url)).toBe(false)
      }
    }, 120_000)
  })
})
