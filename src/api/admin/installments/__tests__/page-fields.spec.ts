import { AdminListPaymentLinksQuery, AdminPaymentLinkQuery } from "../payment-links/validators"
import { AdminSettlementRowsQuery, AdminSettlementsQuery } from "../settlements/validators"
import { AdminListRefunds, AdminListWebhooks } from "../validators"

const window = { from_date: "2026-11-01", to_date: "2026-11-30" }

// Every back-office list route, with the smallest query it accepts.
const LIST_QUERIES = [
  ["refunds", AdminListRefunds, {}],
  ["webhook registrations", AdminListWebhooks, {}],
  ["payment links", AdminListPaymentLinksQuery, {}],
  ["a link's transactions", AdminPaymentLinkQuery, {}],
  ["settlements", AdminSettlementsQuery, window],
  ["a settlement's rows", AdminSettlementRowsQuery, window],
] as const

describe.each(LIST_QUERIES)("the page of %s", (_name, schema, base) => {
  const parse = (query: Record<string, unknown>) => schema.safeParse({ ...base, ...query })
  const messages = (query: Record<string, unknown>) => {
    const parsed = parse(query)
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)
  }

  it("is 50 rows from the first unless told", () => {
    expect(parse({}).data).toMatchObject({ limit: 50, offset: 0 })
  })

  it("takes limit and offset as the query string carries them", () => {
    expect(parse({ limit: "100", offset: "250" }).data).toMatchObject({ limit: 100, offset: 250 })
  })

  it.each([
    [{ limit: "1000" }, "limit: limit must be a whole number from 1 to 100"],
    [{ limit: "101" }, "limit: limit must be a whole number from 1 to 100"],
    [{ limit: "0" }, "limit: limit must be a whole number from 1 to 100"],
    [{ limit: "2.5" }, "limit: limit must be a whole number from 1 to 100"],
    [{ limit: "all" }, "limit: limit must be a whole number from 1 to 100"],
    [{ offset: "-1" }, "offset: offset must be a whole number, 0 or more"],
    [{ offset: "ten" }, "offset: offset must be a whole number, 0 or more"],
  ])("refuses %j, naming the field and the rule", (query, message) => {
    expect(messages(query)).toEqual([message])
  })
})
