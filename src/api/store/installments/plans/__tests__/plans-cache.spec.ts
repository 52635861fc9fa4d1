import { GET } from "../route"
import { configWithPayment } from "../../../../../installments/__tests__/medusa-shapes"

const config = configWithPayment({ providers: [] })

/** Calls the route as Medusa would after its locale middleware (`req.locale` from `?locale=` or `x-medusa-locale`). */
async function plans(locale?: string) {
  // CORS has already said the answer varies by Origin.
  const headers: Record<string, string> = { vary: "Origin" }
  let body: { language?: string; line?: string } = {}
  const req = {
    validatedQuery: { amount: "1200.00" },
    locale,
    scope: { resolve: (name: string) => ({ configModule: config, logger: console })[name] },
  }
  const res = {
    set(name: string, value: string) {
      headers[name.toLowerCase()] = value
      return this
    },
    // Express's res.vary: appends a field to the Vary header.
    vary(field: string) {
      headers.vary = headers.vary ? `${headers.vary}, ${field}` : field
      return this
    },
    json(payload: typeof body) {
      body = payload
      return this
    },
  }
  await GET(req as never, res as never)
  return { headers, body }
}

describe("GET /store/installments/plans: what a shared cache may keep", () => {
  it("answers in the language the header asks for, and says a cache must keep one answer per value of that header", async () => {
    const english = await plans("en-GB")
    const arabic = await plans("ar")
    // The same URL, two answers: a CDN that ignored the header would serve one language to everyone.
    expect(english.body.language).toBe("en")
    expect(arabic.body.language).toBe("ar")
    expect(english.body.line).not.toBe(arabic.body.line)
    for (const answer of [english, arabic]) {
      expect(answer.headers["cache-control"]).toBe("public, max-age=300")
      expect(answer.headers.vary?.split(/,\s*/).map((name) => name.toLowerCase())).toEqual(["origin", "x-medusa-locale"])
    }
  })
})
