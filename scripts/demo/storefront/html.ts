import { TEXT, type Lang } from "./text"

/** Escapes text for HTML. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)
}

/** Groups a decimal amount's whole part by thousands: "1200.00" -> "1,200.00". */
export function grouped(amount: string): string {
  const [whole, fraction] = amount.split(".")
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f6f5f2;color:#1d1d1b;line-height:1.5}
header{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;background:#14532d;color:#fff}
header a{color:#fff;text-decoration:none;font-weight:600}
.note{background:#fef3c7;color:#78350f;padding:6px 16px;font-size:13px}
main{max-width:720px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.card h2{margin:0 0 4px;font-size:18px}.price{font-size:20px;font-weight:700}.muted{color:#6b6b66;font-size:13px}
.promo{color:#14532d;font-weight:600}
a.button,button{display:block;width:100%;text-align:center;padding:12px;border:0;border-radius:10px;background:#14532d;color:#fff;font-size:16px;font-weight:600;text-decoration:none;margin-top:12px;cursor:pointer}
label.option{display:block;border:1px solid #d6d3cc;border-radius:10px;padding:12px;margin-top:10px}
label.option input{margin-inline-end:8px}
ul.plans{margin:6px 0 0;padding-inline-start:22px;font-size:14px}
input[type=email]{width:100%;padding:10px;border:1px solid #d6d3cc;border-radius:8px;font-size:16px}
.error{background:#fee2e2;color:#7f1d1d;border-radius:10px;padding:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}dt{color:#6b6b66}dd{margin:0;font-weight:600}
`

/** The page frame: direction and language from `lang`, a link to the other language. */
export function page(lang: Lang, title: string, body: string, path: string): string {
  const t = TEXT[lang]
  const other = lang === "ar" ? "en" : "ar"
  const separator = path.includes("?") ? "&" : "?"
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · ${esc(t.shop)}</title><style>${STYLE}</style></head>
<body><header><a href="/?lang=${lang}">${esc(t.shop)}</a><a href="${esc(`${path}${separator}lang=${other}`)}" hreflang="${other}">${esc(t.other)}</a></header>
<div class="note">${esc(t.sandboxNote)}</div>
<main>${body}</main></body></html>`
}
