import type { ReactNode } from "react"
import { paymentStepHref, returnRefusal, type SearchLike } from "../checkout"
import { InstallmentsPayButton, type InstallmentsPaymentOptions } from "./pay-button"
import { InstallmentsRefusal } from "./refusal"

export interface InstallmentsReviewProps extends Omit<InstallmentsPaymentOptions, "used"> {
  /**
   * The page's query: Next.js's `useSearchParams()`, a `URLSearchParams` or `location.search`. Its
   * `?error=` (the return route's refusal) shows the refusal panel and spends the old link.
   */
  searchParams: SearchLike
  /**
   * Goes back to the payment step with `?step=payment&…` (the same query, the refusal dropped). In
   * Next.js: `(href) => router.push(href, { scroll: false })`; default `window.location.assign`.
   */
  onChooseAnother?: (href: string) => void
  /** The pay button's `disabled` (the starter's `notReady`). */
  disabled?: boolean
  /** The pay button's class names. */
  className?: string
  /** The pay button's label; default "Continue to payment" in the page's language. */
  children?: ReactNode
  /** The pay button's test id. */
  "data-testid"?: string
}

/**
 * The review step of an installments payment: the refusal the return route sent the shopper back
 * with (announced, focused, with "Choose another payment method"), and the button to the hosted
 * page, which asks for a fresh link after a refusal.
 */
export function InstallmentsReview({ searchParams, onChooseAnother, locale, ...button }: InstallmentsReviewProps) {
  const refusal = returnRefusal(searchParams)
  const chooseAnother = () => {
    const href = paymentStepHref(searchParams)
    ;(onChooseAnother ?? ((target: string) => window.location.assign(target)))(href)
  }
  return (
    <>
      <InstallmentsRefusal message={refusal} locale={locale} onChooseAnother={chooseAnother} />
      <InstallmentsPayButton {...button} locale={locale} used={!!refusal} />
    </>
  )
}
