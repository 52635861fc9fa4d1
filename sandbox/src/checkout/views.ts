import { PAY_IN_FULL_CHOICE, planChoice } from "./choice"
import type { CheckoutLanguage, CheckoutLinkView, CheckoutOffers, CheckoutPlan } from "./engine"
import { formatExpiry, formatSar } from "./format"
import { html, type SafeHtml } from "./html"
import { MESSAGES, otherLanguage } from "./i18n"
import { renderLayout } from "./layout"

/** Where a page is served: its language, the router's mount path and the link id from the URL. */
export interface PageContext {
  lang: CheckoutLanguage
  base: string
  linkId: string
}

export type ResultKind = "success" | "pending" | "fail" | "cancelled"

/** What the plan step shows, already filtered by the link's only_show_* flags. */
export interface OffersView {
  offers: CheckoutOffers
  plans: CheckoutPlan[]
  payInFull: boolean
  /** Shown when no plan is offered and the link would otherwise offer plans. */
  reason: string | null
  cardToken: string
  /** Previous answers, kept when the page is shown again with an error. */
  choice?: string
  address?: string
}

/** The link's page in `lang`, carrying the language explicitly so it survives the form posts. */
export function pageUrl(ctx: PageContext, lang: CheckoutLanguage = ctx.lang): string {
  return `${ctx.base}/payment-link/${encodeURIComponent(ctx.linkId)}?lang=${lang}`
}

/** A form target under the link's page (`card`, `pay`, `cancel`). */
export function actionUrl(ctx: PageContext, action: "card" | "pay" | "cancel"): string {
  return `${ctx.base}/payment-link/${encodeURIComponent(ctx.linkId)}/${action}?lang=${ctx.lang}`
}

// <bdi> keeps "1,500.00 ر.س" one run that neither reorders against nor wraps inside the sentence around it.
function money(amount: string, lang: CheckoutLanguage): SafeHtml {
  return html`<bdi class="money">${formatSar(amount, lang)}</bdi>`
}

function linkDocument(ctx: PageContext, link: CheckoutLinkView, body: SafeHtml, toggle = true): string {
  return renderLayout({
    lang: ctx.lang,
    title: `${link.title} — ${link.merchant_name}`,
    toggleHref: toggle ? pageUrl(ctx, otherLanguage(ctx.lang)) : null,
    body,
  })
}

// Merchant texts are isolated (<bdi>) rather than dir=auto on the block, so a Latin title keeps its
// punctuation in place without pulling its block to the left of an Arabic page.
function summary(ctx: PageContext, link: CheckoutLinkView): SafeHtml {
  const t = MESSAGES[ctx.lang]
  return html`<header class="summary">
<p class="merchant"><bdi>${link.merchant_name}</bdi></p>
<h1><bdi>${link.title}</bdi></h1>
${link.description && html`<p class="description"><bdi>${link.description}</bdi></p>`}
<p class="amount">${money(link.amount, ctx.lang)}</p>
<p class="expiry">${t.expiresLabel}: <time datetime="${link.expires_at}">${formatExpiry(link.expires_at, ctx.lang)}</time></p>
</header>`
}

function alert(message: string | null | undefined): SafeHtml | null {
  // dir=auto: engine messages may be in either language and must not pick up the page's direction.
  return message ? html`<p class="alert" role="alert" dir="auto">${message}</p>` : null
}

function cancelForm(ctx: PageContext): SafeHtml {
  const t = MESSAGES[ctx.lang]
  return html`<form method="post" action="${actionUrl(ctx, "cancel")}"><button type="submit" class="linkish">${t.cancel}</button></form>`
}

/** Step 1: the link summary and the card number form. */
export function cardPage(ctx: PageContext, link: CheckoutLinkView, error: string | null = null): string {
  const t = MESSAGES[ctx.lang]
  const body = html`${summary(ctx, link)}
${alert(error)}
<form method="post" action="${actionUrl(ctx, "card")}">
<h2>${t.cardStepTitle}</h2>
<label for="card_number">${t.cardNumberLabel}</label>
<input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" dir="ltr" required minlength="12" maxlength="23" pattern="[0-9 ]{12,23}" spellcheck="false" aria-describedby="card_number_hint"${error ? html` aria-invalid="true"` : null}>
<p class="hint" id="card_number_hint">${t.cardNumberHint} ${t.sandboxHint}</p>
<button type="submit" class="primary">${t.continue}</button>
</form>
<div class="actions">${cancelForm(ctx)}<p class="hint">${t.cancelHint}</p></div>`
  return linkDocument(ctx, link, body)
}

function cardLine(ctx: PageContext, card: CheckoutOffers["card"]): SafeHtml {
  const t = MESSAGES[ctx.lang]
  const type = card.type ? (t.cardTypes[card.type] ?? card.type) : null
  const meta = [card.brand, type, card.issuer]
    .filter((part): part is string => Boolean(part))
    .map((part, index) => html`${index > 0 ? " · " : ""}<bdi>${part}</bdi>`)
  return html`<p class="cardline"><span>${t.cardLabel}:</span> <bdi class="masked" dir="ltr">${card.masked}</bdi>${meta.length > 0 && html` <span class="meta">${meta}</span>`}</p>`
}

interface RadioInput {
  id: string
  value: string
  checked: boolean
  title: SafeHtml
  details: SafeHtml[]
  badge?: string
}

function radio({ id, value, checked, title, details, badge }: RadioInput): SafeHtml {
  return html`<li><label class="option" for="${id}"><input type="radio" id="${id}" name="choice" value="${value}" required${checked ? html` checked` : null}>
<span class="option-text"><span class="option-title">${title}</span>${details.map((detail) => html`<span class="option-detail">${detail}</span>`)}</span>${badge && html`<span class="badge">${badge}</span>`}</label></li>`
}

// Plans are grouped under their bank, so each option stays short enough for a phone: months, monthly
// amount, last month. Groups keep the engine's order.
function bankGroups(plans: CheckoutPlan[]): CheckoutPlan[][] {
  const groups = new Map<string, CheckoutPlan[]>()
  for (const plan of plans) {
    const group = groups.get(plan.bank_code) ?? []
    group.push(plan)
    groups.set(plan.bank_code, group)
  }
  return [...groups.values()]
}

function planOptions(ctx: PageContext, link: CheckoutLinkView, view: OffersView, onlyOne: boolean): SafeHtml {
  const t = MESSAGES[ctx.lang]
  let index = 0
  const groups = bankGroups(view.plans).map((plans, groupIndex) => {
    const titleId = `plans-${groupIndex}`
    const options = plans.map((plan) => {
      const value = planChoice(plan)
      return radio({
        id: `plan-${index++}`,
        value,
        checked: onlyOne || view.choice === value,
        title: html`${t.months(plan.months)}`,
        details: [t.perMonth(money(plan.monthly_amount, ctx.lang)), t.lastMonth(money(plan.last_month_amount, ctx.lang))],
        badge: "0%",
      })
    })
    return html`<p class="group-title" id="${titleId}"><bdi class="bank">${plans[0].bank_name}</bdi> <span>${t.installmentsTitle}</span></p>
<ul class="options" aria-labelledby="${titleId}">${options}</ul>`
  })
  const full = view.payInFull
    ? radio({
        id: "pay-in-full",
        value: PAY_IN_FULL_CHOICE,
        checked: onlyOne || view.choice === PAY_IN_FULL_CHOICE,
        title: html`${t.payInFull}`,
        details: [t.payInFullDetail(money(link.amount, ctx.lang))],
      })
    : null
  return html`${groups}
${full && html`<ul class="options">${full}</ul>`}`
}

/** Step 2: the masked card, the plans it qualifies for and/or pay in full. */
export function offersPage(ctx: PageContext, link: CheckoutLinkView, view: OffersView, error: string | null = null): string {
  const t = MESSAGES[ctx.lang]
  const optionCount = view.plans.length + (view.payInFull ? 1 : 0)
  const reason = view.reason
    ? html`<div class="notice" role="status"><strong>${t.noPlansTitle}</strong><span dir="auto">${view.reason}</span></div>`
    : null
  const form =
    optionCount === 0
      ? html`<p class="notice">${t.onlyInstallmentsNoPlan}</p>`
      : html`<form method="post" action="${actionUrl(ctx, "pay")}">
<input type="hidden" name="card_token" value="${view.cardToken}">
<fieldset><legend>${t.chooseTitle}</legend>
${planOptions(ctx, link, view, optionCount === 1)}
</fieldset>
${
  link.address_required &&
  html`<div class="field"><label for="address">${t.addressLabel}</label>
<textarea id="address" name="address" required maxlength="500" autocomplete="street-address" aria-describedby="address_hint">${view.address ?? ""}</textarea>
<p class="hint" id="address_hint">${t.addressHint}</p></div>`
}
<button type="submit" class="primary">${t.payButton(money(link.amount, ctx.lang))}</button>
</form>`
  const body = html`${summary(ctx, link)}
${alert(error)}
${cardLine(ctx, view.offers.card)}
${reason}
${form}
<div class="actions"><a href="${pageUrl(ctx)}">${t.useAnotherCard}</a>${cancelForm(ctx)}</div>`
  return linkDocument(ctx, link, body)
}

/** A link that no longer takes payments: expired or already paid. No form. */
export function closedPage(ctx: PageContext, link: CheckoutLinkView): string {
  const t = MESSAGES[ctx.lang]
  const [title, text] = link.status === "expired" ? [t.expiredTitle, t.expiredBody] : [t.paidTitle, t.paidBody]
  const body = html`${summary(ctx, link)}
<div class="notice" role="status"><h2>${title}</h2><p>${text}</p></div>`
  return linkDocument(ctx, link, body)
}

/** Outcome of an attempt or a cancellation when the link has no callback URL to return to. */
export function resultPage(
  ctx: PageContext,
  link: CheckoutLinkView,
  kind: ResultKind,
  transactionId: string | null,
  message: string | null
): string {
  const t = MESSAGES[ctx.lang]
  const retry = kind === "fail" || kind === "cancelled"
  const body = html`${summary(ctx, link)}
<div class="${kind === "fail" ? "alert" : "notice"}" role="status"><h2>${t.resultTitle[kind]}</h2><p>${t.resultBody[kind]}</p>
${message && html`<p dir="auto">${message}</p>`}</div>
${transactionId && html`<p class="result-id">${t.transactionLabel}: <bdi dir="ltr">${transactionId}</bdi></p>`}
${retry && html`<p><a href="${pageUrl(ctx)}">${t.tryAgain}</a></p>`}`
  // The other language's GET page would show the link's state, not this outcome.
  return linkDocument(ctx, link, body, false)
}

/** No such link. */
export function notFoundPage(ctx: PageContext): string {
  const t = MESSAGES[ctx.lang]
  return renderLayout({
    lang: ctx.lang,
    title: t.notFoundTitle,
    toggleHref: pageUrl(ctx, otherLanguage(ctx.lang)),
    body: html`<h1>${t.notFoundTitle}</h1><p>${t.notFoundBody}</p>`,
  })
}

/** An unexpected failure; says nothing about its cause. */
export function errorPage(lang: CheckoutLanguage): string {
  const t = MESSAGES[lang]
  return renderLayout({
    lang,
    title: t.errorTitle,
    toggleHref: null,
    body: html`<h1>${t.errorTitle}</h1><p>${t.errorBody}</p>`,
  })
}
