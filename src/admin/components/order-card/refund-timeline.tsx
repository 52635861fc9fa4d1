import { Button, StatusBadge, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRetryRefund } from "../../hooks/use-order-installments"
import { formatDateTime, formatSar } from "../../lib/format"
import type { RefundView } from "../../../installments/back-office/answers"
import { useInstallmentsPermissions } from "../../hooks/use-installments-permissions"
import { INSTALLMENTS_PERMISSION } from "../../../installments/permissions"
import { PermissionHint } from "../layout/permission-gate"

const STATUS_COLOR = { confirming: "purple", pending: "orange", settled: "green", failed: "red" } as const

/** A payment's refunds, oldest first: amount, source, and where each one stands. */
export function RefundTimeline({ orderId, refunds, currency }: { orderId: string; refunds: RefundView[]; currency: string }) {
  const { t, i18n } = useTranslation()
  const retry = useRetryRefund(orderId)
  // Retrying sends money: offered only to a user whose roles may (D35); the row says why otherwise.
  const mayRetry = useInstallmentsPermissions().can(INSTALLMENTS_PERMISSION.updateRefund)

  const onRetry = (refundId: string) =>
    retry.mutate(refundId, {
      onSuccess: () => toast.success(t("installments.orderCard.refunds.retried")),
      onError: (error) => toast.error(error.message),
    })

  return (
    <ol className="border-ui-border-base flex flex-col gap-y-3 border-s ps-3" data-testid="installments-refund-timeline">
      {refunds.map((refund) => (
        <li key={refund.id} className="flex flex-col gap-y-1">
          <div className="flex items-center justify-between gap-x-2">
            <Text size="small" weight="plus" leading="compact">
              {formatSar(refund.amount, i18n.language, currency)}
            </Text>
            <StatusBadge color={STATUS_COLOR[refund.status] ?? "grey"}>
              {t(`installments.orderCard.refunds.status.${refund.status}`)}
            </StatusBadge>
          </div>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("installments.orderCard.refunds.sourceAt", {
              // The ledger's source names (return, cancel, …) are codes, said in the admin's language.
              source: refund.source
                ? t(`installments.orderCard.refunds.source.${refund.source}`, { defaultValue: refund.source })
                : t("installments.common.unknown"),
              date: formatDateTime(refund.created_at, i18n.language),
            })}
          </Text>
          {refund.status === "settled" && refund.rrn && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("installments.orderCard.refunds.rrn", { rrn: refund.rrn })}
            </Text>
          )}
          {refund.status === "confirming" && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("installments.orderCard.refunds.confirming")}
            </Text>
          )}
          {refund.status === "failed" && (
            <div className="flex items-center justify-between gap-x-2">
              <Text size="xsmall" className="text-ui-fg-error">
                {/* The ledger's reason is English: laid out by its own direction inside an Arabic card. */}
                <span dir="auto">{refund.failure_reason ?? t("installments.orderCard.refunds.noReason")}</span>{" "}
                {/* Whether it is retried is the ledger's rule (willRetry), never a promise in the reason. */}
                {refund.will_retry ? t("installments.orderCard.refunds.willRetry") : t("installments.orderCard.refunds.notRetried")}
              </Text>
              {mayRetry ? (
                <Button
                  size="small"
                  variant="secondary"
                  className="shrink-0"
                  isLoading={retry.isPending && retry.variables === refund.id}
                  onClick={() => onRetry(refund.id)}
                >
                  {t("installments.orderCard.refunds.retry")}
                </Button>
              ) : (
                <PermissionHint permission={INSTALLMENTS_PERMISSION.updateRefund} />
              )}
            </div>
          )}
        </li>
      ))}
    </ol>
  )
}
