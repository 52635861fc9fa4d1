import { Badge, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { bankNames } from "../../../lib/bank-names"
import { formatDay, formatSar } from "../../lib/format"
import type { SettlementRowView } from "../../../installments/back-office/answers"

/** What a row paid for: its order (linking to the order page), a link made here, or why neither. */
function RowOrder({ row }: { row: SettlementRowView }) {
  const { t } = useTranslation()
  if (row.order) {
    return (
      <Link to={`/orders/${row.order.id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
        {row.order.display_id ? `#${row.order.display_id}` : row.order.id}
      </Link>
    )
  }
  if (row.payment_link_id) {
    return <Text size="small">{t("installments.settlements.rows.paymentLink")}</Text>
  }
  return (
    <Text size="small" className="text-ui-fg-subtle">
      {t(`installments.settlements.rows.flag.${row.flag ?? "not_this_store"}`)}
    </Text>
  )
}

/** The payments and refunds one payout paid out, each with its order. */
export function SettlementRows({ rows, currency }: { rows: SettlementRowView[]; currency: string }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const bankLanguage = locale.startsWith("ar") ? "ar" : "en"
  if (!rows.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("installments.settlements.rows.empty")}
      </Text>
    )
  }
  return (
    <Table data-testid="settlement-rows">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("installments.settlements.rows.order")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.date")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.type")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.customer")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.amount")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.fees")}</Table.HeaderCell>
          <Table.HeaderCell>{t("installments.settlements.rows.net")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={`${row.type}-${row.transaction_id}-${row.date}`} data-testid="settlement-row">
            <Table.Cell>
              <RowOrder row={row} />
            </Table.Cell>
            <Table.Cell>{formatDay(row.date, locale)}</Table.Cell>
            <Table.Cell>
              <div className="flex items-center gap-x-1">
                <Badge size="2xsmall" color={row.type === "refund" ? "orange" : "green"}>
                  {t(`installments.settlements.rows.types.${row.type}`)}
                </Badge>
                {row.bank_name && (
                  <Text size="small" className="text-ui-fg-subtle">
                    {bankNames(row.bank_name.toLowerCase())[bankLanguage]}
                  </Text>
                )}
              </div>
            </Table.Cell>
            <Table.Cell>{row.order?.customer?.name || row.order?.customer?.email || "—"}</Table.Cell>
            <Table.Cell>{formatSar(row.type === "refund" ? row.refund_amount : row.amount, locale, currency)}</Table.Cell>
            <Table.Cell>{formatSar(row.service_fee, locale, currency)}</Table.Cell>
            <Table.Cell>{formatSar(row.net_amount, locale, currency)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
