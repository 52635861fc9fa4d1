import { useEffect, useRef, type ReactNode } from "react"
import { storefrontWords } from "../words"
import { classes } from "./classes"

export interface InstallmentsRefusalProps {
  /** Why the payment did not go through (the return route's `?error=`, the plugin's words); nothing shown when empty. */
  message: string | null | undefined
  /** The page's language, for the panel's own words and direction. */
  locale?: string
  /** "Choose another payment method": back to the payment step (a button). */
  onChooseAnother?: () => void
  /** The same as a link, for a page without client code (used when `onChooseAnother` is not given). */
  chooseAnotherHref?: string
  /** Moves focus to the panel when it appears, so a keyboard or screen reader user lands on the reason. Default true. */
  focusOnMount?: boolean
  className?: string
  children?: ReactNode
}

/**
 * The panel a shopper sees back from the hosted page without an order: the reason, announced
 * (`role="alert"`, `aria-live="assertive"`) and focused, and one way to another payment method.
 */
export function InstallmentsRefusal({
  message,
  locale,
  onChooseAnother,
  chooseAnotherHref,
  focusOnMount = true,
  className,
  children,
}: InstallmentsRefusalProps) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message && focusOnMount) {
      panel.current?.focus()
    }
  }, [message, focusOnMount])
  if (!message) {
    return null
  }
  const words = storefrontWords(locale)
  return (
    <div
      ref={panel}
      className={classes("mpi-refusal", className)}
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      tabIndex={-1}
      lang={words.language}
      dir={words.dir}
      data-testid="installments-refusal"
    >
      <p className="mpi-refusal__message" data-testid="installments-refusal-message">
        {message}
      </p>
      {children}
      {onChooseAnother ? (
        <button
          type="button"
          className="mpi-refusal__action"
          onClick={onChooseAnother}
          data-testid="installments-choose-payment-method"
        >
          {words.chooseAnotherPaymentMethod}
        </button>
      ) : chooseAnotherHref ? (
        <a className="mpi-refusal__action" href={chooseAnotherHref} data-testid="installments-choose-payment-method">
          {words.chooseAnotherPaymentMethod}
        </a>
      ) : null}
    </div>
  )
}
