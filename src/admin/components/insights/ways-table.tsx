import { clx, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import { bankName, formatCount, formatShare } from "../../lib/insights-format"
import { wayKeyOf, type InsightsAnswer, type OrderFigures } from "../../../installments/insights/answer"
import { END_CELL } from "./table-edges"
import { wayLabel } from "./way-label"

/** One row of the table: a way, a bank (indented) or a tenure (indented twice), with its figures. */
function FigureRow({
  label,
  figures,
  currency,
  depth = 0,
  strong = false,
  testId,
}: {
  label: string
  figures: OrderFigures
  currency: string
  depth?: 0 | 1 | 2
  strong?: boolean
  testId: string
}) {
  const { i18n } = useTranslation()
  const locale = i18n.language
  return (
    <Table.Row data-testid={testId} className={clx(strong && "font-medium", depth > 0 && "text-ui-fg-subtle")}>
      <Table.Cell>
        {/* The indent is on the start side, in English and in Arabic (Medusa's table pads its cells on physical sides). */}
        <span className="block" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
          {label}
        </span>
      </Table.Cell>
      <Table.Cell className="text-end" data-testid="ways-orders">
        {formatCount(figures.orders, locale)}
      </Table.Cell>
      <Table.Cell className="text-end">{formatShare(figures.share_of_orders, locale)}</Table.Cell>
      <Table.Cell className="text-end" data-testid="ways-total">
        {formatSar(figures.total, locale, currency)}
      </Table.Cell>
      <Table.Cell className="text-end" data-testid="ways-average">
        {formatSar(figures.average, locale, currency)}
      </Table.Cell>
      <Table.Cell className="text-end" data-testid="ways-refunded">
        {formatSar(figures.refunded, locale, currency)}
      </Table.Cell>
      <Table.Cell className="text-end" style={END_CELL} data-testid="ways-share-refunded">
        {formatShare(figures.share_refunded, locale)}
      </Table.Cell>
    </Table.Row>
  )
}

/**
 * The window's orders by way of paying, as Medusa recorded them: installments with each bank and
 * tenure, pay in full through the plugin, each other provider of the store, then all orders. Medusa's
 * DataTable has no nested rows, so this is the plain Table with indented rows.
 */
export function WaysTable({ data }: { data: InsightsAnswer }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  if (!data.totals.orders) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="insights-ways-empty">
        {t("installments.insights.ways.empty")}
      </Text>
    )
  }
  return (
    <div data-testid="insights-ways">
      <div className="overflow-x-auto">
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell className="text-start">{t("installments.insights.ways.way")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.ways.orders")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.ways.share")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.ways.total")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.ways.average")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.ways.refunded")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end" style={END_CELL}>
                {t("installments.insights.ways.shareRefunded")}
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.ways.flatMap((way) => [
              <FigureRow
                key={wayKeyOf(way.way, way.provider_id)}
                testId={`ways-row-${wayKeyOf(way.way, way.provider_id)}`}
                label={wayLabel(way, t)}
                figures={way}
                currency={data.currency}
                strong
              />,
              ...(way.banks ?? []).flatMap((bank) => {
                const bankLabel = bank.bank ? bankName(bank.bank, locale) : t("installments.insights.ways.unknownBank")
                return [
                  <FigureRow
                    key={`bank-${bank.bank}`}
                    testId={`ways-row-bank-${bank.bank ?? "unknown"}`}
                    label={bankLabel}
                    figures={bank}
                    currency={data.currency}
                    depth={1}
                  />,
                  ...bank.tenures.map((tenure) => (
                    <FigureRow
                      key={`tenure-${bank.bank}-${tenure.months}`}
                      testId={`ways-row-tenure-${bank.bank ?? "unknown"}-${tenure.months ?? "unknown"}`}
                      label={
                        tenure.months
                          ? t("installments.insights.ways.months", { months: formatCount(Number(tenure.months), locale) })
                          : t("installments.insights.ways.unknownTenure")
                      }
                      figures={tenure}
                      currency={data.currency}
                      depth={2}
                    />
                  )),
                ]
              }),
            ])}
            <FigureRow
              testId="ways-row-all"
              label={t("installments.insights.ways.all")}
              figures={data.totals}
              currency={data.currency}
              strong
            />
          </Table.Body>
        </Table>
      </div>
      {!!data.orders_in_other_currencies && (
        <Text size="xsmall" className="text-ui-fg-muted px-6 py-3">
          {t("installments.insights.otherCurrencies", { count: data.orders_in_other_currencies })}
        </Text>
      )}
    </div>
  )
}
