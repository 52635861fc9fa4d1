import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { bankNames } from "../../../lib/bank-names"
import { formatDate, formatSar } from "../../lib/format"
import type { OrderPaymentView } from "../../../installments/back-office/answers"
import { ServiceUrlLink } from "../fields/service-url-link"
import { DetailRow } from "./detail-row"
import { InstallmentStatusBadge } from "./installment-status-badge"
import { RefundTimeline } from "./refund-timeline"

/** One installments payment of the order: plan, money, card, refunds, dispute and checkout link. */
export function PaymentSection({ orderId, payment }: { orderId: string; payment: OrderPaymentView }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const tx = payment.transaction
  const currency = payment.currency_code || "sar"
  const isInstallment = (tx?.payment_option ?? "").toLowerCase().startsWith("install")
  const refunds = payment.refunds ?? []

  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="installments-payment">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus" leading="compact">
          {isInstallment
            ? t("installments.orderCard.plan", {
                // The service names the bank by its code (`RAJHI`); merchants read the bank's name.
                bank: tx?.bank_name
                  ? bankNames(tx.bank_name.toLowerCase())[locale.startsWith("ar") ? "ar" : "en"]
                  : t("installments.common.unknown"),
                months: tx?.installment_duration ?? "—",
              })
            : t("installments.orderCard.fullPayment")}
        </Text>
        <div className="flex items-center gap-x-1">
          {payment.disputed && (
            <Badge color="red" size="2xsmall">
              {t("installments.orderCard.disputed")}
            </Badge>
          )}
          {isInstallment && <InstallmentStatusBadge status={tx?.installment_status} />}
        </div>
      </div>
      {payment.service_error && (
        <Text size="small" className="text-ui-fg-error">
          {payment.service_error}
        </Text>
      )}
      <DetailRow label={t("installments.orderCard.amount")}>{formatSar(tx?.amount ?? payment.amount, locale, currency)}</DetailRow>
      <DetailRow label={t("installments.orderCard.fees")}>{formatSar(tx?.service_fee, locale, currency)}</DetailRow>
      <DetailRow label={t("installments.orderCard.vat")}>{formatSar(tx?.service_tax_vat, locale, currency)}</DetailRow>
      <DetailRow label={t("installments.orderCard.netPayout")}>{formatSar(tx?.merchant_payout, locale, currency)}</DetailRow>
      <DetailRow label={t("installments.orderCard.card")}>
        <span dir="ltr">{[tx?.paymentBrand, tx?.number].filter(Boolean).join(" ") || "—"}</span>
      </DetailRow>
      <DetailRow label={t("installments.orderCard.refundable")}>
        {t("installments.orderCard.refundableUntil", {
          amount: formatSar(payment.refundable_amount, locale, currency),
          date: formatDate(payment.refundable_until, locale),
        })}
      </DetailRow>
      {refunds.length > 0 && (
        <div className="flex flex-col gap-y-2 pt-2">
          <Text size="small" weight="plus" leading="compact">
            {t("installments.orderCard.refunds.title")}
          </Text>
          <RefundTimeline orderId={orderId} refunds={refunds} currency={currency} />
        </div>
      )}
      {payment.checkout_url && (
        <ServiceUrlLink
          url={payment.checkout_url}
          className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small self-start"
        >
          {t("installments.orderCard.openCheckout")}
        </ServiceUrlLink>
      )}
    </div>
  )
}
