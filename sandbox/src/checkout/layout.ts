import type { CheckoutLanguage } from "./engine"
import { html, SafeHtml } from "./html"
import { MESSAGES, otherLanguage } from "./i18n"

// Logical properties (inline/block) so one stylesheet serves both rtl and ltr pages.
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
:root{color-scheme:light;--ink:#1c2430;--muted:#535d6c;--line:#d5dae1;--accent:#0b6e4f;--accent-dark:#08573e;--bg:#f3f5f8;--focus:#1a56db;--danger:#9b1c1c;--danger-bg:#fdecec;--info-bg:#eef3fb}
html{font-family:system-ui,"Segoe UI","Noto Sans Arabic","Noto Sans","DejaVu Sans",sans-serif;line-height:1.5;color:var(--ink);background:var(--bg)}
body{margin:0}
a{color:var(--focus)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.banner{margin:0;padding:.5rem 1rem;background:#fff3c4;color:#4d3700;border-block-end:1px solid #e7d48a;text-align:center;font-weight:700}
.page{max-width:34rem;margin:0 auto;padding:1rem}
.toplinks{display:flex;justify-content:flex-end;margin-block-end:.5rem;font-size:.95rem}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(16,24,40,.08)}
.summary{border-block-end:1px solid var(--line);padding-block-end:1rem;margin-block-end:1.25rem}
.merchant{margin:0;color:var(--muted);font-weight:600}
h1{margin:.25rem 0;font-size:1.4rem;line-height:1.3;overflow-wrap:anywhere}
h2{margin:0 0 .75rem;font-size:1.1rem}
.description{margin:.25rem 0 0;color:var(--muted);overflow-wrap:anywhere}
.amount{margin:.75rem 0 0;font-size:2rem;font-weight:700;line-height:1.2}
.expiry{margin:.25rem 0 0;color:var(--muted);font-size:.9rem}
label{display:block;font-weight:600;margin-block-end:.35rem}
.hint{margin:.35rem 0 0;color:var(--muted);font-size:.875rem}
input[type=text],textarea{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #8a94a3;border-radius:8px;background:#fff;color:inherit}
input[type=text]{font-size:1.15rem;letter-spacing:.04em}
[dir=rtl] input[dir=ltr]{text-align:right}
textarea{min-height:5rem;resize:vertical}
button{font:inherit;cursor:pointer}
.primary{display:block;width:100%;margin-block-start:1.25rem;padding:.8rem 1rem;border:0;border-radius:8px;background:var(--accent);color:#fff;font-weight:700;font-size:1.05rem}
.primary:hover{background:var(--accent-dark)}
.linkish{background:none;border:0;padding:0;color:var(--muted);text-decoration:underline}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:var(--danger-bg);color:var(--danger);border:1px solid #f1b0b0}
.notice{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:var(--info-bg);border:1px solid #c9d6ee}
.notice strong{display:block}
.notice h2,.alert h2{margin-block-end:.25rem}
.notice p,.alert p{margin:0}
.notice p+p,.alert p+p{margin-block-start:.5rem}
.options+.options,.options+.group-title{margin-block-start:.75rem}
.cardline{margin:0 0 1rem;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}
.cardline .masked{font-weight:700;letter-spacing:.05em}
.cardline .meta{color:var(--muted);font-size:.9rem}
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{padding:0;margin-block-end:.5rem;font-weight:700;font-size:1.1rem}
.group-title{margin:.75rem 0 .5rem;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:0 1rem;color:var(--muted);font-size:.9rem}
.group-title .bank{color:var(--ink);font-size:1rem;font-weight:700}
.options{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.option{display:flex;gap:.75rem;align-items:flex-start;margin:0;padding:.75rem 1rem;border:1px solid var(--line);border-radius:10px;font-weight:400;cursor:pointer}
.option:hover{border-color:#9aa4b2}
.option:has(input:checked){border-color:var(--accent);background:#eef8f3;box-shadow:0 0 0 1px var(--accent)}
.option input{flex:none;width:1.1rem;height:1.1rem;margin:.2rem 0 0;accent-color:var(--accent)}
.option-title{display:block;font-weight:700}
.option-detail{display:block;color:var(--muted);font-size:.9rem}
.money{white-space:nowrap}
.option-text{flex:1;min-width:0}
.badge{flex:none;align-self:flex-start;padding:0 .4rem;border-radius:4px;background:#dff3ea;color:var(--accent-dark);font-size:.8rem;font-weight:700;white-space:nowrap}
.field{margin-block-start:1rem}
.actions{margin-block-start:1.25rem;padding-block-start:1rem;border-block-start:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
.actions form{margin:0}
.actions .hint{margin:0}
.result-id{font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
`

export interface LayoutInput {
  lang: CheckoutLanguage
  title: string
  /** Same page in the other language; omitted on pages that cannot be re-shown by a GET. */
  toggleHref: string | null
  body: SafeHtml
}

/** Wraps a page body in the shared document: language, direction, sandbox banner, styles. */
export function renderLayout({ lang, title, toggleHref, body }: LayoutInput): string {
  const t = MESSAGES[lang]
  const other = otherLanguage(lang)
  const toggle = toggleHref
    ? html`<nav class="toplinks" aria-label="${t.languageToggleLabel}"><a href="${toggleHref}" lang="${other}" hreflang="${other}">${MESSAGES[other].languageName}</a></nav>`
    : null
  return html`<!doctype html>
<html lang="${lang}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${new SafeHtml(STYLES)}</style>
</head>
<body>
<p class="banner" role="note">${t.sandboxBanner}</p>
<div class="page">
${toggle}
<main class="card">
${body}
</main>
</div>
</body>
</html>
`.value
}
