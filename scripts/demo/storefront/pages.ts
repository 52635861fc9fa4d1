import { installmentsOnlyAvailability, plansFor, promoLine } from "../../../storefront/src"
import { BANKS, TEXT, type Lang } from "./text"
import { esc, grouped, page } from "./html"

/** A product as the pages show it: its price a 2-decimal SAR string. */
export interface ShownProduct {
  handle: string
  title: string
  title_ar?: string
  price: string
}

function titleOf(product: ShownProduct, lang: Lang): string {
  return lang === "ar" && product.title_ar ? product.title_ar : product.title
}

/** The product list, each with the kit's "or N × X SAR at 0%" line when a bank's minimum is met. */
export function productList(lang: Lang, products: ShownProduct[]): string {
  const t = TEXT[lang]
  const cards = products.map((product) => {
    const promo = promoLine(product.price, { locale: lang })
    return `<div class="card"><h2>${esc(titleOf(product, lang))}</h2>
<div class="price">${grouped(product.price)} ${t.sar}</div><div class="muted">${t.vatIncluded}</div>
${promo ? `<div class="promo">${esc(promo)}</div>` : ""}
<a class="button" href="/products/${esc(product.handle)}?lang=${lang}">${t.buy}</a></div>`
  })
  return page(lang, t.shop, cards.join("\n"), "/")
}

/**
 * One product with the two payment options: 0% installments (with the plans for its price) or card;
 * below every bank's minimum the installments-only option gives way to the kit's "from" line (D48).
 */
export function productPage(lang: Lang, product: ShownProduct): string {
  const t = TEXT[lang]
  const plans = plansFor(product.price)
  const availability = installmentsOnlyAvailability(product.price, { locale: lang })
  const planList = plans
    .map(
      (plan) => `<li>${esc(t.plan(BANKS[plan.bank_code]?.[lang] ?? plan.bank_code, plan.months, grouped(plan.monthly_amount)))}</li>`
    )
    .join("")
  const installments = availability.eligible
    ? `<label class="option"><input type="radio" name="provider" value="bnpl" checked>${t.installments}
<div class="muted">${t.installmentsNote}</div><ul class="plans">${planList}</ul></label>`
    : `<div class="muted">${esc(availability.line)}</div>`
  const body = `<div class="card"><h2>${esc(titleOf(product, lang))}</h2>
<div class="price">${grouped(product.price)} ${t.sar}</div><div class="muted">${t.vatIncluded}</div>
<form method="post" action="/checkout">
<input type="hidden" name="handle" value="${esc(product.handle)}"><input type="hidden" name="lang" value="${lang}">
${installments}
<label class="option"><input type="radio" name="provider" value="card"${availability.eligible ? "" : " checked"}>${t.card}</label>
<p><label>${t.email}<br><input type="email" name="email" value="shopper@example.sa" required></label></p>
<button type="submit">${t.pay}</button></form></div>
<a href="/?lang=${lang}">${t.back}</a>`
  return page(lang, titleOf(product, lang), body, `/products/${product.handle}`)
}

/** The order confirmation after the hosted page sent the shopper back. */
export function confirmationPage(
  lang: Lang,
  order: { id: string; display_id: number; total: string; payment_status: string }
): string {
  const t = TEXT[lang]
  const paid = order.payment_status === "captured"
  const heading = paid ? t.confirmed : t.pending
  const body = `<div class="card"><h2 data-testid="confirmation">${heading}</h2><dl>
<dt>${t.orderNumber}</dt><dd data-testid="order-number">#${order.display_id}</dd>
<dt>${t.total}</dt><dd>${grouped(order.total)} ${t.sar}</dd>
<dt>${t.paymentStatus}</dt><dd>${paid ? t.paid : t.awaitingBank}</dd></dl>
<a class="button" href="/?lang=${lang}">${t.continueShopping}</a></div>`
  return page(lang, heading, body, `/order/${order.id}`)
}

/** The payment did not complete: the provider's reason in the shopper's words, and a way back. */
export function failurePage(lang: Lang, reason: string, handle?: string): string {
  const t = TEXT[lang]
  const retry = handle ? `/products/${handle}?lang=${lang}` : `/?lang=${lang}`
  const body = `<div class="error"><strong>${t.failed}</strong><p>${esc(reason)}</p></div><a class="button" href="${esc(retry)}">${t.tryAgain}</a>`
  return page(lang, t.failed, body, "/")
}
