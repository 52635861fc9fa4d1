import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/** The bank's decision on the installment plan: approved, pending review or rejected. */
export function InstallmentStatusBadge({ status }: { status?: string | null }) {
  const { t } = useTranslation()
  const value = (status ?? "").toLowerCase()
  if (value.startsWith("approved")) {
    return <StatusBadge color="green">{t("installments.orderCard.installmentStatus.approved")}</StatusBadge>
  }
  if (value.startsWith("rejected")) {
    return <StatusBadge color="red">{t("installments.orderCard.installmentStatus.rejected")}</StatusBadge>
  }
  return <StatusBadge color="orange">{t("installments.orderCard.installmentStatus.pending")}</StatusBadge>
}
