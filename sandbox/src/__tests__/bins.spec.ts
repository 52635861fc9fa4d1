import { twoDecimals } from "./amounts"
import { parseLookupAmount } from "../catalog/bins"
import { RunningSandbox } from "../index"
import { boot, call } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())

const lookup = (query: string, headers?: Record<string, string>) => call(sb, "GET", `/check/bin_numbers_lookup/?${query}`, { headers })

describe("BIN lookup (endpoint 1)", () => {
  it.each([
    ["400555", "snb", "VISA", "1000.00", "The Saudi National Bank"],
    ["52312345", "snb", "MASTERCARD", "1000.00", "The Saudi National Bank"],
    ["409201", "rajhi", "VISA", "300.00", "Al Rajhi Banking and Investment Corporation"],
    ["54120099", "rajhi", "MASTERCARD", "300.00", "Al Rajhi Banking and Investment Corporation"],
    ["422818", "ribl", "VISA", "500.00", "Riyad Bank"],
    ["51761234", "ribl", "MASTERCARD", "500.00", "Riyad Bank"],
    ["455036", "inma", "VISA", "500.00", "Alinma Bank"],
    ["55880011", "inma", "MASTERCARD", "500.00", "Alinma Bank"],
  ])("rule 1: %s is an eligible %s %s credit card at its minimum", async (bin, bank, brand, limit, issuer) => {
    const answer = await lookup(`bin=${bin}&amount=${limit}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/application\/json/)
    const record = twoDecimals(answer.body)
    expect(record).toMatchObject({
      bin,
      bank_code: bank,
      brand,
      type: "CREDIT",
      issuer,
      bank_amount_limit: limit,
      is_eligible: true,
      is_override: false,
    })
    expect(answer.body.message).toBeNull()
    expect(typeof answer.body.id).toBe("number")
    expect(typeof answer.body.earn_rate).toBe("number")
    expect(answer.body.bank_amount_limit).toBe(limit)
  })

  it.each([
    ["400555", "999.99", "Minimum amount for The Saudi National Bank is 1000.00."],
    ["409201", "299.99", "Minimum amount for Al Rajhi Banking and Investment Corporation is 300.00."],
    ["422818", "100", "Minimum amount for Riyad Bank is 500.00."],
    ["55880011", "499.999", "Minimum amount for Alinma Bank is 500.00."],
  ])("rule 2: %s with amount %s is below the bank minimum", async (bin, amount, message) => {
    const answer = await lookup(`bin=${bin}&amount=${amount}`)
    expect(answer.status).toBe(200)
    expect(twoDecimals(answer.body).is_eligible).toBe(false)
    expect(answer.body.message).toBe(message)
    expect(answer.body.bin).toBe(bin)
  })

  it.each([
    ["588845", "mada debit"],
    ["484783", "prepaid"],
    ["411111", "foreign"],
    ["378282", "foreign AMEX"],
    ["446404", "non-participating Saudi bank"],
    ["999999", "unknown"],
    ["523123", "6 digits of an 8-digit-only prefix"],
  ])("rule 3: %s (%s) answers only is_eligible and message", async (bin) => {
    const answer = await lookup(`bin=${bin}&amount=5000`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ is_eligible: false, message: "Bin number not found." })
    expect(twoDecimals(answer.body).is_eligible).toBe(false)
  })

  it("matches 6-digit records from 7 and 8 digit queries, and 8-digit records exactly", async () => {
    expect((await lookup("bin=4092011&amount=300")).body).toMatchObject({ bin: "409201", is_eligible: true })
    expect((await lookup("bin=40920100")).body).toMatchObject({ bin: "409201", is_eligible: true })
    expect((await lookup("bin=52312345")).body).toMatchObject({ bin: "52312345", bank_code: "snb" })
  })

  it("rule 4: without amount the card is inspected with no amount restriction", async () => {
    const answer = await lookup("bin=400555")
    expect(answer.body).toMatchObject({ is_eligible: true, message: null, bank_amount_limit: "1000.00" })
  })

  it("compares amounts exactly, never through floats", async () => {
    expect((await lookup("bin=409201&amount=300.00")).body.is_eligible).toBe(true)
    expect((await lookup("bin=409201&amount=299.999999")).body.is_eligible).toBe(false)
    expect((await lookup("bin=409201&amount=300.001")).body.is_eligible).toBe(true)
    expect((await lookup("bin=409201&amount=-500")).body.is_eligible).toBe(false)
  })

  it("parseLookupAmount: exact halalas, truncated toward minus infinity, exponents included", () => {
    expect(parseLookupAmount("1e3")).toBe(100000n)
    expect(parseLookupAmount("2.9999e2")).toBe(29999n)
    expect(parseLookupAmount("299.999")).toBe(29999n)
    expect(parseLookupAmount(".5E1")).toBe(500n)
    expect(parseLookupAmount("-1.005")).toBe(-101n)
    expect(parseLookupAmount("-1e-5")).toBe(-1n)
    expect(parseLookupAmount("0e99999999")).toBe(0n)
    expect(parseLookupAmount("")).toBe("invalid")
    expect(parseLookupAmount("1e400")).toBe("invalid")
  })

  it("reads exponent notation exactly", async () => {
    const eligible = async (amount: string) => {
      const answer = await lookup(`bin=409201&amount=${encodeURIComponent(amount)}`)
      expect(answer.status).toBe(200)
      return answer.body.is_eligible as boolean
    }
    expect(await eligible("1e3")).toBe(true)
    expect(await eligible("3E2")).toBe(true)
    expect(await eligible("3e+2")).toBe(true)
    expect(await eligible("30000e-2")).toBe(true)
    expect(await eligible("2.9999e2")).toBe(false)
    expect(await eligible("2.99999999e2")).toBe(false)
    expect(await eligible("3.00001e2")).toBe(true)
    expect(await eligible("0e999999")).toBe(false)
    expect(await eligible("1e-999999")).toBe(false)
  })

  it.each(["12345", "123456789", "abcdef", "40920a", "", "4092 01"])("rule 5: bin %p answers 400", async (bin) => {
    const answer = await lookup(`bin=${encodeURIComponent(bin)}`)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: "bin must be 6 to 8 digits." })
  })

  it("rule 5: a missing bin answers 400", async () => {
    expect((await lookup("amount=10")).body).toEqual({ message: "bin must be 6 to 8 digits." })
  })

  it.each(["", " ", "abc", "12,50", "NaN", "Infinity", "1.2.3", "1e", "e3", ".", "1e400", "0x10"])(
    "rule 5: amount %p answers 400",
    async (amount) => {
      const answer = await lookup(`bin=409201&amount=${encodeURIComponent(amount)}`)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ message: "amount must be a valid number." })
    }
  )

  it("a repeated amount parameter is not a valid number", async () => {
    expect((await lookup("bin=409201&amount=1&amount=2")).status).toBe(400)
  })

  it("accepts X-API-Key as an alias of X-Service-Key", async () => {
    const answer = await call(sb, "GET", "/check/bin_numbers_lookup/?bin=409201", {
      headers: { "x-service-key": "", "x-api-key": "sandbox-pk-test" },
    })
    expect(answer.status).toBe(200)
  })

  it("answers 401 with the BIN shape for missing or wrong credentials", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { authorization: "" },
      { authorization: "wrong" },
      { "x-service-key": "" },
      { "x-service-key": "sandbox-other" },
      { "x-service-key": "prod-pk-test" },
    ]) {
      const answer = await lookup("bin=409201", headers)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ detail: "Authentication credentials were not provided." })
    }
  })

  it("requires Accept: application/json", async () => {
    expect((await lookup("bin=409201", { accept: "*/*" })).status).toBe(406)
    expect((await lookup("bin=409201", { accept: "text/html" })).status).toBe(406)
    expect((await lookup("bin=409201", { accept: "application/json; charset=utf-8" })).status).toBe(200)
  })

  it("redirects the path without its trailing slash and keeps the query", async () => {
    const answer = await call(sb, "GET", "/check/bin_numbers_lookup?bin=409201")
    expect(answer.status).toBe(301)
    expect(answer.headers.get("location")).toBe("/check/bin_numbers_lookup/?bin=409201")
  })

  it("a bank left out of the settings makes its cards unknown", async () => {
    const narrow = await boot({ banks: [{ bank_code: "rajhi", minimum: "300.00", tenures: [3] }] })
    try {
      const answer = await call(narrow, "GET", "/check/bin_numbers_lookup/?bin=422818&amount=900")
      expect(answer.body).toEqual({ is_eligible: false, message: "Bin number not found." })
    } finally {
      await narrow.stop()
    }
  })
})
