import { CARDS, FakeEngine, makeLink } from "./fake-engine"
import { postForm, serveCheckout, type Harness } from "./http-harness"

const LINK_ID = "11111111-1111-4111-8111-111111111111"

let engine: FakeEngine
let harness: Harness

beforeEach(async () => {
  engine = new FakeEngine()
  harness = await serveCheckout(engine)
})

afterEach(async () => {
  await harness.close()
})

function pageUrl(id = LINK_ID, query = ""): string {
  return `${harness.base}/payment-link/${id}${query}`
}

async function getPage(id = LINK_ID, query = ""): Promise<{ res: Response; body: string }> {
  const res = await fetch(pageUrl(id, query), { redirect: "manual" })
  return { res, body: await res.text() }
}

// Without `lang` the page follows the link's own language, as a first visit does.
async function enterCard(card: string, lang?: string, id = LINK_ID): Promise<{ res: Response; body: string }> {
  const res = await postForm(`${pageUrl(id)}/card${lang ? `?lang=${lang}` : ""}`, { card_number: card })
  return { res, body: await res.text() }
}

/** What a reader sees: tags dropped, whitespace collapsed. */
function visible(body: string): string {
  return body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")
}

function cardToken(body: string): string {
  const match = /name="card_token" value="([^"]+)"/.exec(body)
  if (!match) {
    throw new Error("no card token on the page")
  }
  return match[1]
}

async function payWith(card: string, choice: string, extra: Record<string, string> = {}): Promise<Response> {
  const { body } = await enterCard(card)
  return postForm(`${pageUrl()}/pay`, { card_token: cardToken(body), choice, ...extra })
}

function redirectParams(res: Response): URLSearchParams {
  const location = res.headers.get("location")
  expect(location).toBeTruthy()
  return new URL(location as string).searchParams
}

describe("link page", () => {
  it("renders in Arabic by default with the amount, the banner and an accessible card input", async () => {
    engine.add(makeLink())
    const { res, body } = await getPage()
    expect(res.status).toBe(200)
    expect(body).toContain('<html lang="ar" dir="rtl">')
    expect(visible(body)).toContain("1,500.00 ر.س")
    expect(body).toContain("بيئة تجريبية — لا أموال حقيقية")
    expect(body).toContain("Riyadh Home Store")
    expect(body).toContain('<time datetime="2030-01-08T09:00:00.000Z">')
    expect(body).toMatch(/<label for="card_number">/)
    expect(body).toMatch(/<input id="card_number"[^>]*inputmode="numeric"[^>]*autocomplete="cc-number"/)
    expect(body).toContain(`href="/payment-link/${LINK_ID}?lang=en"`)
  })

  it("sends no-store and a policy that allows only inline styles and posts to self and the callback", async () => {
    engine.add(makeLink())
    const { res } = await getPage()
    expect(res.headers.get("cache-control")).toBe("no-store")
    const csp = res.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("style-src 'unsafe-inline'")
    expect(csp).toContain("form-action 'self' http://shop.test:8080")
    expect(csp).not.toContain("script-src")
  })

  it("renders in English for an English link, and ?lang overrides either way", async () => {
    engine.add(makeLink({ language: "en" }))
    const english = await getPage()
    expect(english.body).toContain('<html lang="en" dir="ltr">')
    expect(visible(english.body)).toContain("1,500.00 SAR")
    expect(english.body).toContain("Sandbox — no real money")
    expect(english.body).toContain('for="card_number">Card number</label>')

    const arabic = await getPage(LINK_ID, "?lang=ar")
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">')
    expect(arabic.body).toContain('lang="en" hreflang="en">English</a>')
  })

  it("turns ?lang=en on for an Arabic link and keeps it on the form targets", async () => {
    engine.add(makeLink())
    const { body } = await getPage(LINK_ID, "?lang=en")
    expect(body).toContain('<html lang="en" dir="ltr">')
    expect(body).toContain(`action="/payment-link/${LINK_ID}/card?lang=en"`)
    expect(body).toContain('hreflang="ar">العربية</a>')
  })

  it("escapes a hostile title, description and merchant name", async () => {
    engine.add(
      makeLink({
        title: "<script>alert(1)</script>",
        description: '"><img src=x onerror=alert(2)>',
        merchant_name: "Tom & Jerry's",
      })
    )
    const { body } = await getPage()
    expect(body).not.toContain("<script>")
    expect(body).not.toContain("<img")
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
    expect(body).toContain("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;")
    expect(body).toContain("Tom &amp; Jerry&#39;s")
  })

  it("answers 404 with a page for an unknown link", async () => {
    const { res, body } = await getPage("00000000-0000-4000-8000-000000000000")
    expect(res.status).toBe(404)
    expect(res.headers.get("content-type")).toMatch(/text\/html/)
    expect(body).toContain("رابط الدفع غير موجود")
    expect(body).not.toContain("<form")
  })

  it("shows an expired link without any form", async () => {
    engine.add(makeLink({ status: "expired", language: "en" }))
    const { res, body } = await getPage()
    expect(res.status).toBe(410)
    expect(body).toContain("This payment link has expired")
    expect(body).not.toContain("<form")
  })

  it("shows an already paid link without any form, and refuses posts to it", async () => {
    engine.add(makeLink({ status: "already_paid", language: "en" }))
    const { res, body } = await getPage()
    expect(res.status).toBe(200)
    expect(body).toContain("This payment link is already paid")
    expect(body).not.toContain("<form")

    const posted = await enterCard(CARDS.success, "en")
    expect(posted.body).toContain("This payment link is already paid")
    expect(posted.body).not.toContain("<form")
  })

  it("redirects a reload of a form target back to the page", async () => {
    engine.add(makeLink())
    const res = await fetch(`${pageUrl()}/pay?lang=en`, { redirect: "manual" })
    expect(res.status).toBe(303)
    expect(res.headers.get("location")).toBe(`/payment-link/${LINK_ID}?lang=en`)
  })
})

describe("card step", () => {
  it("shows the 0% plans of an eligible card and pay in full, with the card masked", async () => {
    engine.add(makeLink({ language: "en" }))
    const { res, body } = await enterCard(CARDS.success, "en")
    expect(res.status).toBe(200)
    expect(body).toContain("484783******0007")
    expect(visible(body)).toContain("Al Rajhi Bank 0% bank installments")
    expect(visible(body)).toContain("12 months 125.00 SAR / month last month 125.00 SAR")
    expect(visible(body)).toContain("24 months")
    expect(visible(body)).toContain("62.50 SAR / month")
    expect(body).toContain('value="installment:rajhi:12"')
    expect(body).toContain('value="pay_in_full"')
    expect(visible(body)).toContain("Pay 1,500.00 SAR")
  })

  it("words plans in Arabic with Arabic month counts", async () => {
    engine.add(makeLink())
    const { body } = await enterCard(CARDS.success)
    expect(visible(body)).toContain("Al Rajhi Bank تقسيط بنكي بدون فوائد (0%)")
    expect(visible(body)).toContain("3 أشهر")
    expect(visible(body)).toContain("12 شهرًا")
    expect(visible(body)).toContain("125.00 ر.س شهريًا")
    expect(body).toContain("ائتمانية")
  })

  it("groups plans under their bank with unique radio ids", async () => {
    engine.add(makeLink({ language: "en" }))
    const offers = engine.offers.bind(engine)
    engine.offers = (linkId, card) => {
      const base = offers(linkId, card)
      const snb = { bank_code: "snb", bank_name: "SNB", months: 6, monthly_amount: "250.00", last_month_amount: "250.00" }
      return { ...base, plans: [snb, ...base.plans] }
    }
    const { body } = await enterCard(CARDS.success, "en")
    expect(visible(body)).toContain("SNB 0% bank installments 6 months")
    expect(visible(body)).toContain("Al Rajhi Bank 0% bank installments 3 months")
    const ids = [...body.matchAll(/<input type="radio" id="([^"]+)"/g)].map((match) => match[1])
    expect(ids).toEqual(["plan-0", "plan-1", "plan-2", "plan-3", "pay-in-full"])
  })

  it("shows only pay in full when the link says only_show_pay_in_full", async () => {
    engine.add(makeLink({ only_show_pay_in_full: true, language: "en" }))
    const { body } = await enterCard(CARDS.success, "en")
    expect(body).not.toContain("installment:")
    expect(body).not.toContain("0% bank installments")
    expect(body).toContain('value="pay_in_full"')
    // The only option is preselected so one click pays.
    expect(body).toMatch(/value="pay_in_full" required checked/)
  })

  it("hides pay in full when the link says only_show_bank_installments", async () => {
    engine.add(makeLink({ only_show_bank_installments: true, language: "en" }))
    const { body } = await enterCard(CARDS.success, "en")
    expect(body).toContain('value="installment:rajhi:3"')
    expect(body).not.toContain('value="pay_in_full"')
  })

  it("tells a card with no plan why, and offers pay in full", async () => {
    engine.add(makeLink({ language: "en" }))
    const { body } = await enterCard(CARDS.mada, "en")
    expect(body).toContain("No installment plan for this card")
    expect(body).toContain("Bin number not found.")
    expect(body).toContain('value="pay_in_full"')
    expect(body).not.toContain("installment:")
  })

  it("offers nothing to pay with when only installments are allowed and the card has none", async () => {
    engine.add(makeLink({ only_show_bank_installments: true, language: "en" }))
    const { body } = await enterCard(CARDS.mada, "en")
    expect(body).toContain("This link only accepts 0% bank installments")
    expect(body).not.toContain("/pay?")
  })

  it("re-renders the card form with the engine's refusal, with 422 and without echoing the input", async () => {
    engine.add(makeLink({ language: "en" }))
    const { res, body } = await enterCard("4847 83", "en")
    expect(res.status).toBe(422)
    expect(body).toContain('role="alert"')
    expect(body).toContain("Card number must be 12 to 19 digits.")
    expect(body).toContain('name="card_number"')
    expect(body).not.toContain("4847 83")
  })

  it("accepts card numbers typed with spaces or dashes", async () => {
    engine.add(makeLink({ language: "en" }))
    const { res, body } = await enterCard("4847 8300-0000 0007", "en")
    expect(res.status).toBe(200)
    expect(body).toContain("484783******0007")
  })

  it("never puts a full card number on any page", async () => {
    engine.add(makeLink({ callback_url: null, address_required: true }))
    const pages: string[] = []
    for (const card of Object.values(CARDS)) {
      const offers = await enterCard(card)
      pages.push(offers.body)
      const again = await postForm(`${pageUrl()}/pay?lang=ar`, { card_token: cardToken(offers.body), choice: "" })
      pages.push(await again.text())
      const paid = await postForm(`${pageUrl()}/pay?lang=en`, {
        card_token: cardToken(offers.body),
        choice: "pay_in_full",
        address: "King Fahd Rd, Riyadh",
      })
      pages.push(await paid.text())
    }
    expect(pages).toHaveLength(12)
    for (const page of pages) {
      for (const card of Object.values(CARDS)) {
        expect(page).not.toContain(card)
      }
    }
  })
})

describe("pay step", () => {
  it("pays a plan and redirects to the callback with success, keeping its own query", async () => {
    engine.add(makeLink())
    const res = await payWith(CARDS.success, "installment:rajhi:12")
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get("location") as string)
    expect(location.origin + location.pathname).toBe("http://shop.test:8080/return")
    expect(location.searchParams.get("cart")).toBe("abc")
    expect(location.searchParams.get("payment_link_id")).toBe(LINK_ID)
    expect(location.searchParams.get("status")).toBe("success")
    expect(location.searchParams.get("transaction_id")).toBe(`22222222-2222-4222-8222-000000000001`)
    expect(engine.payments).toEqual([
      {
        linkId: LINK_ID,
        payment: { card_number: CARDS.success, payment_option: "Installment", bank_code: "rajhi", months: 12 },
      },
    ])
  })

  it("pays in full", async () => {
    engine.add(makeLink())
    const res = await payWith(CARDS.mada, "pay_in_full")
    expect(redirectParams(res).get("status")).toBe("success")
    expect(engine.payments[0].payment).toEqual({ card_number: CARDS.mada, payment_option: "Pay In Full" })
  })

  it.each([
    [CARDS.pending, "pending"],
    [CARDS.declined, "fail"],
  ])("redirects card %s with status %s", async (card, status) => {
    engine.add(makeLink())
    const res = await payWith(card, "installment:rajhi:3")
    expect(res.status).toBe(303)
    const params = redirectParams(res)
    expect(params.get("status")).toBe(status)
    expect(params.get("transaction_id")).toMatch(/^22222222-/)
  })

  it("shows a result page when the link has no callback URL", async () => {
    engine.add(makeLink({ callback_url: null, language: "en" }))
    const declined = await payWith(CARDS.declined, "pay_in_full")
    const body = await declined.text()
    expect(declined.status).toBe(200)
    expect(body).toContain("Payment failed")
    expect(body).toContain("Card declined by issuer.")
    expect(body).toContain("22222222-2222-4222-8222-000000000001")
    expect(body).toContain("Try again")
  })

  it("does not accept a card token twice", async () => {
    engine.add(makeLink({ language: "en" }))
    const { body } = await enterCard(CARDS.success, "en")
    const token = cardToken(body)
    await postForm(`${pageUrl()}/pay?lang=en`, { card_token: token, choice: "pay_in_full" })
    const again = await postForm(`${pageUrl()}/pay?lang=en`, { card_token: token, choice: "pay_in_full" })
    expect(again.status).toBe(422)
    expect(await again.text()).toContain("Your card session expired")
    expect(engine.payments).toHaveLength(1)
  })

  it("does not accept a card token entered on another link", async () => {
    engine.add(makeLink({ language: "en" }))
    const other = engine.add(makeLink({ id: "33333333-3333-4333-8333-333333333333", language: "en" }))
    const { body } = await enterCard(CARDS.success, "en")
    const res = await postForm(`${pageUrl(other.id)}/pay?lang=en`, { card_token: cardToken(body), choice: "pay_in_full" })
    expect(res.status).toBe(422)
    expect(engine.payments).toHaveLength(0)
  })

  it("asks again when no option was chosen, keeping the plans on the page", async () => {
    engine.add(makeLink({ language: "en" }))
    const res = await payWith(CARDS.success, "")
    const body = await res.text()
    expect(res.status).toBe(422)
    expect(body).toContain("Choose an installment plan or pay in full.")
    expect(body).toContain('value="installment:rajhi:12"')
    expect(engine.payments).toHaveLength(0)
  })

  it("shows the engine's refusal of a choice on the plan page with 422", async () => {
    engine.add(makeLink({ language: "en" }))
    engine.refusePayWith = "This plan is not offered for this card."
    const res = await payWith(CARDS.success, "installment:snb:6")
    const body = await res.text()
    expect(res.status).toBe(422)
    expect(body).toContain("This plan is not offered for this card.")
    expect(body).toContain('name="card_token"')
  })

  it("requires and forwards the delivery address when the link asks for one", async () => {
    engine.add(makeLink({ address_required: true, language: "en" }))
    const { body } = await enterCard(CARDS.success, "en")
    expect(body).toMatch(/<label for="address">Delivery address<\/label>\s*<textarea id="address" name="address" required/)
    const token = cardToken(body)
    const missing = await postForm(`${pageUrl()}/pay?lang=en`, { card_token: token, choice: "pay_in_full", address: " " })
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain("Enter a delivery address.")

    const res = await postForm(`${pageUrl()}/pay?lang=en`, {
      card_token: token,
      choice: "pay_in_full",
      address: "King Fahd Rd, Riyadh",
    })
    expect(res.status).toBe(303)
    expect(engine.payments[0].payment.address).toBe("King Fahd Rd, Riyadh")
  })
})

describe("cancel", () => {
  it("tells the engine and returns to the callback with status=cancelled", async () => {
    engine.add(makeLink())
    const res = await postForm(`${pageUrl()}/cancel?lang=ar`, {})
    expect(res.status).toBe(303)
    const params = redirectParams(res)
    expect(params.get("status")).toBe("cancelled")
    expect(params.get("payment_link_id")).toBe(LINK_ID)
    expect(params.get("cart")).toBe("abc")
    expect(params.has("transaction_id")).toBe(false)
    expect(engine.cancels).toEqual([LINK_ID])
  })

  it("shows a cancelled page without a callback URL", async () => {
    engine.add(makeLink({ callback_url: null, language: "en" }))
    const res = await postForm(`${pageUrl()}/cancel`, {})
    expect(res.status).toBe(200)
    expect(await res.text()).toContain("Payment cancelled")
  })

  it("shows a result page instead of redirecting to a non-web callback URL", async () => {
    engine.add(makeLink({ callback_url: "javascript:alert(1)", language: "en" }))
    const res = await postForm(`${pageUrl()}/cancel`, {})
    expect(res.status).toBe(200)
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self';")
  })
})

describe("failures", () => {
  it("answers an engine crash with a bare 500 page that reveals nothing", async () => {
    engine.add(makeLink({ language: "en" }))
    engine.pay = async () => {
      throw new Error("database exploded at /srv/secret/path")
    }
    const res = await payWith(CARDS.success, "pay_in_full")
    const body = await res.text()
    expect(res.status).toBe(500)
    expect(res.headers.get("cache-control")).toBe("no-store")
    expect(body).toContain("حدث خطأ")
    expect(body).not.toContain("exploded")
  })

  it("keeps the 413 of an oversized form", async () => {
    engine.add(makeLink())
    const res = await postForm(`${pageUrl()}/card`, { card_number: "4".repeat(20_000) })
    expect(res.status).toBe(413)
    expect(await res.text()).not.toContain("4444444444")
  })
})
