import { createElement, type ReactElement } from "react"
// react-dom ships no types of its own here; only this one function is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped here, see above
const { renderToStaticMarkup } = require("react-dom/server") as { renderToStaticMarkup: (element: ReactElement) => string }
import { isOpenableUrl, ServiceUrlLink } from "../components/fields/service-url-link"

const render = (url: string) => renderToStaticMarkup(createElement(ServiceUrlLink, { url, children: "Open" }))

describe("ServiceUrlLink", () => {
  it.each([
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "not a url",
  ])("shows %j as text, never as a link", (url) => {
    const html = render(url)
    expect(html).not.toContain("<a")
    expect(html).not.toContain("href")
    expect(isOpenableUrl(url)).toBe(false)
  })

  it.each(["https://pay.example.sa/payment-link/1", "http://localhost:4010/payment-link/1"])("opens %s in a new tab", (url) => {
    const html = render(url)
    expect(html).toBe(`<a href="${url}" target="_blank" rel="noreferrer" class="text-ui-fg-interactive">Open</a>`)
  })
})
