import { AuthenticationError, ProtocolError, ValidationError } from ".."
import { PUBLIC_KEY, SECRET, binRecord, intercept, localRefusal, makeClient, rejection, tripwire, useNock } from "./helpers"

useNock()

const PATH = "/check/bin_numbers_lookup/"

describe("bins.lookup: BIN lookup (endpoint 1)", () => {
  it("sends GET with the trailing slash, bin and amount in the query and the read headers", async () => {
    const { scope, calls } = intercept("GET", PATH, [200, binRecord({ bank_amount_limit: "300.00000" })])
    const record = await makeClient().bins.lookup({ bin: "45464600", amount: "1200.50" })

    expect(scope.isDone()).toBe(true)
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call.method).toBe("GET")
    expect(call.path).toBe("/check/bin_numbers_lookup/?bin=45464600&amount=1200.5")
    expect(call.headers.authorization).toBe(SECRET)
    expect(call.headers["x-service-key"]).toBe(PUBLIC_KEY)
    expect(call.headers.accept).toBe("application/json")
    expect(call.headers["content-type"]).toBeUndefined()

    // Rule 1: an eligible credit card at or above its bank minimum.
    expect(record).toMatchObject({
      bin: "45464600",
      brand: "VISA",
      type: "CREDIT",
      bank_code: "rajhi",
      bank_amount_limit: "300.00",
      program_name: "Mokafaa",
      earn_rate: 1.5,
      is_eligible: true,
      message: null,
    })
  })

  it("rule 2: a card below its bank minimum is not eligible and says why", async () => {
    const message = "Minimum amount for Saudi National Bank is 1000.00."
    const { scope } = intercept("GET", PATH, [
      200,
      binRecord({
        bin: "410685",
        bank_code: "snb",
        issuer: "Saudi National Bank",
        bank_amount_limit: "1000.00",
        is_eligible: false,
        message,
      }),
    ])
    const record = await makeClient().bins.lookup({ bin: "410685", amount: 999.99 })
    expect(scope.isDone()).toBe(true)
    expect(record.is_eligible).toBe(false)
    expect(record.message).toBe(message)
    expect(record.bank_amount_limit).toBe("1000.00")
  })

  it("rule 3: an unmatched BIN carries only is_eligible and message", async () => {
    const { scope } = intercept("GET", PATH, [200, { is_eligible: false, message: "Bin number not found." }])
    const record = await makeClient().bins.lookup({ bin: "999999", amount: 500 })
    expect(scope.isDone()).toBe(true)
    expect(record).toEqual({ is_eligible: false, message: "Bin number not found." })
    expect(record.bank_code).toBeUndefined()
  })

  it("rule 4: without an amount no amount parameter is sent", async () => {
    const { scope, calls } = intercept("GET", PATH, [200, binRecord()])
    await makeClient().bins.lookup({ bin: "454646" })
    expect(scope.isDone()).toBe(true)
    expect(calls[0].path).toBe("/check/bin_numbers_lookup/?bin=454646")
  })

  it("sends whole and 2-decimal amounts in their shortest form", async () => {
    const { scope, calls } = intercept("GET", PATH, [200, binRecord()], [200, binRecord()])
    const client = makeClient()
    await client.bins.lookup({ bin: "454646", amount: 300 })
    await client.bins.lookup({ bin: "454646", amount: "0.10" })
    expect(scope.isDone()).toBe(true)
    expect(calls.map((call) => call.path)).toEqual([
      "/check/bin_numbers_lookup/?bin=454646&amount=300",
      "/check/bin_numbers_lookup/?bin=454646&amount=0.1",
    ])
  })

  it("keeps a path prefix of the base URL", async () => {
    const { scope } = intercept("GET", `/v1${PATH}`, [200, binRecord()])
    await makeClient({ baseUrl: "https://installments.test/v1/" }).bins.lookup({ bin: "454646" })
    expect(scope.isDone()).toBe(true)
  })

  describe("rule 5: refused locally before sending", () => {
    it.each(["12345", "123456789", "4546a6", "", " 454646", "454 646", "４５４６４６"])("bin %p", async (bin) => {
      const wire = tripwire()
      await localRefusal(makeClient().bins.lookup({ bin }), "bin", /6 to 8 digits/)
      expect(wire.requests()).toBe(0)
    })

    it.each<[string, unknown, RegExp]>([
      ["zero", 0, /greater than 0/],
      ["negative", -5, /greater than 0/],
      ["3 decimals", "300.005", /at most 2 decimal places/],
      ["0.1 + 0.2", 0.1 + 0.2, /at most 2 decimal places/],
      ["NaN", Number.NaN, /at most 2 decimal places/],
      ["Infinity", Number.POSITIVE_INFINITY, /at most 2 decimal places/],
      ["text", "twelve", /at most 2 decimal places/],
    ])("amount %s", async (_label, amount, rule) => {
      const wire = tripwire()
      await localRefusal(makeClient().bins.lookup({ bin: "454646", amount: amount as number }), "amount", rule)
      expect(wire.requests()).toBe(0)
    })
  })

  describe("Errors table", () => {
    it.each(["bin must be 6 to 8 digits.", "amount must be a valid number."])(
      "400 {message: %p} is a ValidationError carrying the service's words",
      async (message) => {
        const { scope } = intercept("GET", PATH, [400, { message }])
        const error = await rejection(makeClient().bins.lookup({ bin: "454646", amount: 10 }), ValidationError)
        expect(scope.isDone()).toBe(true)
        expect(error).toMatchObject({
          status: 400,
          code: "invalid_request",
          serviceMessage: message,
          endpoint: `GET ${PATH}`,
          body: { message },
        })
        expect(error.issues).toEqual([])
      }
    )

    it("401 {detail} is an AuthenticationError", async () => {
      const detail = "Authentication credentials were not provided."
      const { scope } = intercept("GET", PATH, [401, { detail }])
      const error = await rejection(makeClient().bins.lookup({ bin: "454646" }), AuthenticationError)
      expect(scope.isDone()).toBe(true)
      expect(error).toMatchObject({
        status: 401,
        code: "authentication_failed",
        serviceMessage: detail,
        endpoint: `GET ${PATH}`,
        body: { detail },
      })
      expect(error.message).toMatch(/secretKey/)
    })
  })

  it("a 2xx body without is_eligible is a ProtocolError naming the field", async () => {
    const { scope } = intercept("GET", PATH, [200, { bin: "454646", message: null }])
    const error = await rejection(makeClient().bins.lookup({ bin: "454646" }), ProtocolError)
    expect(scope.isDone()).toBe(true)
    expect(error.status).toBe(200)
    expect(error.code).toBe("unexpected_response")
    expect(error.message).toContain("is_eligible")
  })

  it("tolerates fields the interface does not list", async () => {
    const { scope } = intercept("GET", PATH, [200, binRecord({ new_field: { nested: true } })])
    const record = await makeClient().bins.lookup({ bin: "454646" })
    expect(scope.isDone()).toBe(true)
    expect(record.is_eligible).toBe(true)
  })
})
