import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

const COLORS = { paid: "green", unpaid: "orange", expired: "grey" } as const

/** A link's status as the merchant reads it: paid, waiting for payment, or expired. */
export function LinkStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation()
  const key = (status ?? "").toLowerCase()
  if (!(key in COLORS)) {
    return <StatusBadge color="grey">{t("installments.common.unknown")}</StatusBadge>
  }
  return <StatusBadge color={COLORS[key as keyof typeof COLORS]}>{t(`installments.paymentLinks.status.${key}`)}</StatusBadge>
}
