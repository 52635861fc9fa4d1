import { useCallback, useState, type ReactNode } from "react"
import type { PaymentSessionStarter, SessionSdk, StoreCartLike, StoreHeaders } from "../sdk"
import { pageLocale } from "../checkout"
import { installmentsSessionOf, InstallmentsStorefrontError, paymentLink } from "../session"
import { storefrontWords } from "../words"
import { classes } from "./classes"

export interface InstallmentsPaymentOptions {
  /** Medusa's js-sdk (`new Medusa({ baseUrl, publishableKey })`); or give `payment`. */
  sdk?: SessionSdk
  /** What starts a session instead of `sdk.store.payment`: a server action of the same shape (the starter's `{ initiatePaymentSession }`). */
  payment?: PaymentSessionStarter
  cart: StoreCartLike
  /** The registration to pay with; default the cart's installments session's provider. */
  providerId?: string
  /** The page's language: the button's words, and the session's `locale` (default: `<html lang>` when clicked). */
  locale?: string
  /** The shopper is back from the hosted page without an order (the review step's `?error=`): the link was spent. */
  used?: boolean
  headers?: StoreHeaders
  /** Goes to the hosted page; default `window.location.assign`. */
  navigate?: (url: string) => void
}

/** The message a failed start shows: the store's own (the plugin's words) when it answered, else the kit's. */
function shopperMessage(error: unknown, fallback: string): string {
  if (error instanceof InstallmentsStorefrontError) {
    return error.message
  }
  const status = (error as { status?: unknown } | null)?.status
  const message = (error as { message?: unknown } | null)?.message
  return typeof status === "number" && status >= 400 && status < 500 && typeof message === "string" && message ? message : fallback
}

/**
 * Sends the shopper to the hosted page: the session's link while it can be used, else a fresh one
 * (a single-use link spent, expired, or refused). For a storefront that keeps its own button.
 */
export function useInstallmentsPayment({
  sdk,
  payment,
  cart,
  providerId,
  locale,
  used,
  headers,
  navigate,
}: InstallmentsPaymentOptions) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const pay = useCallback(async () => {
    setBusy(true)
    setError(null)
    try {
      const starter = payment ?? sdk?.store.payment
      if (!starter) {
        throw new InstallmentsStorefrontError(storefrontWords(locale).pageUnavailable, "no_provider")
      }
      const url = await paymentLink({ store: { payment: starter } }, cart, {
        providerId,
        locale: locale ?? pageLocale(),
        used,
        headers,
      })
      ;(navigate ?? ((target: string) => window.location.assign(target)))(url)
      // The page is leaving: the button stays busy.
    } catch (failure) {
      setError(shopperMessage(failure, storefrontWords(locale).pageUnavailable))
      setBusy(false)
    }
  }, [sdk, payment, cart, providerId, locale, used, headers, navigate])
  return { pay, busy, error, ready: !!(providerId ?? installmentsSessionOf(cart)) }
}

export interface InstallmentsPayButtonProps extends InstallmentsPaymentOptions {
  disabled?: boolean
  className?: string
  /** The button's label; default "Continue to payment" in the page's language. */
  children?: ReactNode
  "data-testid"?: string
}

/** "Continue to payment": the button that sends the shopper to the hosted page, with the reason when it cannot. */
export function InstallmentsPayButton({
  disabled,
  className,
  children,
  "data-testid": testId,
  ...options
}: InstallmentsPayButtonProps) {
  const { pay, busy, error, ready } = useInstallmentsPayment(options)
  const words = storefrontWords(options.locale)
  return (
    <div className="mpi-pay" lang={words.language} dir={words.dir}>
      {error ? (
        <p className="mpi-pay__error" role="alert" data-testid="installments-pay-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={classes("mpi-pay__button", className)}
        disabled={disabled || busy || !ready}
        aria-busy={busy}
        onClick={pay}
        data-testid={testId ?? "installments-pay-button"}
      >
        {children ?? words.continueToPayment}
      </button>
    </div>
  )
}
