import { buildCallbackUrl, callbackOrigin } from "../callback-url"
import { CardSessions } from "../card-sessions"
import { parseChoice, planChoice } from "../choice"
import { escapeHtml } from "../escape-html"
import { html } from "../html"

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
  })
})

describe("html", () => {
  it("escapes values, keeps nested templates, and drops false/null", () => {
    const inner = html`<b>${"<i>"}</b>`
    expect(html`<p>${inner}${false}${null}${["<", html`<br>`]}</p>`.value).toBe("<p><b>&lt;i&gt;</b>&lt;<br></p>")
  })
})

describe("buildCallbackUrl", () => {
  it("appends the params and keeps the callback's own query", () => {
    expect(buildCallbackUrl("https://shop.test/return?cart=1#top", { status: "success" })).toBe(
      "https://shop.test/return?cart=1&status=success#top"
    )
  })

  it("replaces a same-named param so the service's value cannot be shadowed", () => {
    expect(buildCallbackUrl("https://shop.test/r?status=success", { status: "fail" })).toBe("https://shop.test/r?status=fail")
  })

  it.each([null, "", "javascript:alert(1)", "data:text/html,x", "not a url"])("refuses %p", (raw) => {
    expect(buildCallbackUrl(raw, { status: "success" })).toBeNull()
    expect(callbackOrigin(raw)).toBeNull()
  })

  it("gives the origin for the form-action policy", () => {
    expect(callbackOrigin("http://127.0.0.1:5555/cb?x=1")).toBe("http://127.0.0.1:5555")
  })
})

describe("parseChoice", () => {
  it("round-trips a plan and reads pay in full", () => {
    expect(parseChoice(planChoice({ bank_code: "rajhi", months: 24 }))).toEqual({
      payment_option: "Installment",
      bank_code: "rajhi",
      months: 24,
    })
    expect(parseChoice("pay_in_full")).toEqual({ payment_option: "Pay In Full" })
  })

  it.each(["", "installment:rajhi", "installment:RAJHI:12", "installment:rajhi:twelve", "full"])("refuses %p", (value) => {
    expect(parseChoice(value)).toBeNull()
  })
})

describe("CardSessions", () => {
  it("gives the card back only for its link and only while fresh", () => {
    let now = 0
    const sessions = new CardSessions({ ttlMs: 1000, now: () => now })
    const token = sessions.create("link-a", "4847830000000007")
    expect(sessions.get(token, "link-a")).toBe("4847830000000007")
    expect(sessions.get(token, "link-b")).toBeUndefined()
    expect(sessions.get(undefined, "link-a")).toBeUndefined()
    now = 1000
    expect(sessions.get(token, "link-a")).toBeUndefined()
  })

  it("forgets the oldest entries beyond its size cap", () => {
    const sessions = new CardSessions({ maxEntries: 2 })
    const first = sessions.create("l", "1")
    const second = sessions.create("l", "2")
    const third = sessions.create("l", "3")
    expect(sessions.get(first, "l")).toBeUndefined()
    expect(sessions.get(second, "l")).toBe("2")
    expect(sessions.get(third, "l")).toBe("3")
  })

  it("forgets a deleted token", () => {
    const sessions = new CardSessions()
    const token = sessions.create("l", "1")
    sessions.delete(token)
    expect(sessions.get(token, "l")).toBeUndefined()
  })
})
