import { storefrontWords } from "../words"
import { classes } from "./classes"

export interface InstallmentsUnavailableProps {
  /** `offeredPaymentMethods(…).unavailable`: "0% installments from 300.00 SAR", or null when nothing was hidden. */
  line: string | null | undefined
  /** The page's language, for the line's direction. */
  locale?: string
  className?: string
}

/**
 * The line shown in place of an installments-only option hidden below every bank's minimum (D48).
 * Nothing without a line. No hooks: a server component can render it.
 */
export function InstallmentsUnavailable({ line, locale, className }: InstallmentsUnavailableProps) {
  if (!line) {
    return null
  }
  const words = storefrontWords(locale)
  return (
    <p className={classes("mpi-unavailable", className)} lang={words.language} dir={words.dir} data-testid="installments-unavailable">
      {line}
    </p>
  )
}
