import { escapeHtml } from "./escape-html"

/** Markup that is already safe to emit; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[]

// false/null/undefined render nothing so `${cond && html`...`}` reads naturally in templates.
function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) {
    return ""
  }
  if (value instanceof SafeHtml) {
    return value.value
  }
  if (Array.isArray(value)) {
    return value.map(render).join("")
  }
  return escapeHtml(String(value))
}

/**
 * Template tag for pages: escaping is the default, so a dynamic value can only reach the page
 * unescaped by being built with `html` itself.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]
  })
  return new SafeHtml(out)
}
