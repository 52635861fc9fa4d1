import { RunningSandbox } from "../index"
import { STORE_ID, boot, call, control, createLink, pay } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

describe("request log (/__sandbox/requests)", () => {
  it("counts each API call a link costs, with the link it concerns; control and hosted page calls are not counted", async () => {
    const linkId = await createLink(sb, { amount: 150 })
    await call(sb, "POST", `/payment_links/${linkId}/details`, { body: {} })
    await call(sb, "GET", `/payment_links/${linkId}/details`)
    await pay(sb, linkId, "4092010000000018")
    await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })

    const forLink = (await control(sb, "GET", `/requests?payment_link_id=${linkId}`)).body
    expect(forLink.requests.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      [
        `POST /payment_links/${STORE_ID}/create 201`,
        `POST /payment_links/${linkId}/details 200`,
        `GET /payment_links/${linkId}/details 200`,
      ]
    )
    const all = (await control(sb, "GET", "/requests")).body
    expect(all.count).toBe(4)
    expect(all.last).toBe(4)
    expect(all.requests[3]).toMatchObject({ path: `/payment_links/${STORE_ID}/list`, payment_link_id: null })
  })

  it("since returns only later requests; an injected fault still counts; DELETE and reset clear it", async () => {
    await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })
    const { last } = (await control(sb, "GET", "/requests")).body
    await control(sb, "POST", "/faults", { fail_next: 1, error_status: 503 })
    await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })
    const later = (await control(sb, "GET", `/requests?since=${last}`)).body
    expect(later.requests).toHaveLength(1)
    expect(later.requests[0]).toMatchObject({ seq: last + 1, status: 503 })

    expect((await control(sb, "DELETE", "/requests")).status).toBe(200)
    expect((await control(sb, "GET", "/requests")).body).toMatchObject({ last: 0, count: 0 })
    await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })
    await control(sb, "POST", "/reset")
    expect((await control(sb, "GET", "/requests")).body.count).toBe(0)
  })

  it("refuses a bad filter with the field named", async () => {
    const answer = await control(sb, "GET", "/requests?since=-1")
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain("since")
  })
})
