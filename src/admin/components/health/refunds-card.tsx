import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { HealthRefund, HealthRefunds } from "../../../installments/health/answer"
import { formatDateTime, formatSar } from "../../lib/format"

/** The ledger's refunds that need a look: waiting for the service, retried, failed for good. */
export function RefundsCard({ refunds }: { refunds: HealthRefunds }) {
  const { t } = useTranslation()
  const groups: { key: keyof HealthRefunds; label: string; count: number }[] = [
    { key: "waiting", label: t("installments.health.refunds.waiting"), count: refunds.waiting.count },
    { key: "retrying", label: t("installments.health.refunds.retrying"), count: refunds.retrying.count },
    { key: "failed", label: t("installments.health.refunds.failed"), count: refunds.failed.count },
  ]
  return (
    <div className="flex flex-col divide-y" data-testid="health-refunds">
      {groups.map((group) => (
        <div key={group.key} className="flex flex-col gap-y-2 px-6 py-3" data-group={group.key}>
          <div className="flex items-center justify-between gap-x-4">
            <Text size="small" className="text-ui-fg-subtle">
              {group.label}
            </Text>
            <Text size="small" weight="plus">
              {group.count}
            </Text>
          </div>
          {refunds[group.key].rows.map((row) => (
            <RefundRow key={row.id} row={row} />
          ))}
        </div>
      ))}
    </div>
  )
}

function RefundRow({ row }: { row: HealthRefund }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 ps-3">
      <Text size="xsmall" className="text-ui-fg-subtle">
        {row.order_id ? (
          <Link to={`/orders/${row.order_id}`} className="text-ui-fg-interactive pe-2 font-mono" dir="ltr">
            {row.order_id}
          </Link>
        ) : null}
        {t("installments.health.refunds.since")} {formatDateTime(row.created_at, i18n.language)}
        {row.failure_reason ? ` · ${row.failure_reason}` : ""}
      </Text>
      <Text size="xsmall" weight="plus">
        {formatSar(row.amount, i18n.language)}
      </Text>
    </div>
  )
}
