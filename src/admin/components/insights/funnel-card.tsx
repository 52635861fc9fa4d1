import { clx, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import { formatCount, formatShare } from "../../lib/insights-format"
import { END_CELL } from "./table-edges"
import { CHECKOUT_OUTCOMES, type CheckoutOutcome, type InsightsAnswer } from "../../../installments/insights/answer"

const BAR_COLOR: Record<CheckoutOutcome, string> = {
  paid: "green",
  bank_declined: "red",
  card_declined: "orange",
  abandoned: "neutral",
  open: "blue",
  not_placed: "purple",
}

/** A share of those started as a bar from the start edge (it mirrors in Arabic with the page). */
function ShareBar({ share, color }: { share: string | null; color: string }) {
  return (
    <div className="bg-ui-bg-component h-2 w-full min-w-[80px] overflow-hidden rounded-full">
      <div className="h-2 rounded-full" style={{ width: `${share ?? "0"}%`, backgroundColor: `var(--tag-${color}-icon)` }} />
    </div>
  )
}

/**
 * The checkouts that reached the payment page, by how they ended, each with its share of those
 * started; clicking an outcome lists its checkouts below.
 */
export function FunnelCard({
  funnel,
  currency,
  selected,
  onSelect,
}: {
  funnel: InsightsAnswer["funnel"]
  currency: string
  selected: CheckoutOutcome | undefined
  onSelect: (outcome: CheckoutOutcome | undefined) => void
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  if (!funnel.started) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="insights-funnel-empty">
        {t("installments.insights.funnel.empty")}
      </Text>
    )
  }
  return (
    <div data-testid="insights-funnel">
      <div className="overflow-x-auto">
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell className="text-start">{t("installments.insights.funnel.outcome")}</Table.HeaderCell>
              <Table.HeaderCell className="w-1/4" />
              <Table.HeaderCell className="text-end">{t("installments.insights.funnel.checkouts")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end">{t("installments.insights.funnel.share")}</Table.HeaderCell>
              <Table.HeaderCell className="text-end" style={END_CELL}>
                {t("installments.insights.funnel.amount")}
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <Table.Row data-testid="insights-funnel-started">
              <Table.Cell className="font-medium">{t("installments.insights.funnel.started")}</Table.Cell>
              <Table.Cell>
                <ShareBar share="100.00" color="neutral" />
              </Table.Cell>
              <Table.Cell className="text-end" data-testid="insights-funnel-count">
                {formatCount(funnel.started, locale)}
              </Table.Cell>
              <Table.Cell className="text-end">{formatShare("100.00", locale)}</Table.Cell>
              <Table.Cell style={END_CELL} />
            </Table.Row>
            {CHECKOUT_OUTCOMES.map((outcome) => {
              const row = funnel.outcomes[outcome]
              const active = selected === outcome
              return (
                <Table.Row
                  key={outcome}
                  data-testid={`insights-funnel-${outcome}`}
                  aria-selected={active}
                  className={clx(row.checkouts ? "cursor-pointer" : "text-ui-fg-muted", active && "bg-ui-bg-base-pressed")}
                  tabIndex={row.checkouts ? 0 : -1}
                  onClick={() => row.checkouts && onSelect(active ? undefined : outcome)}
                  onKeyDown={(event) => {
                    if (row.checkouts && (event.key === "Enter" || event.key === " ")) {
                      event.preventDefault()
                      onSelect(active ? undefined : outcome)
                    }
                  }}
                >
                  <Table.Cell>{t(`installments.insights.outcomes.${outcome}`)}</Table.Cell>
                  <Table.Cell>
                    <ShareBar share={row.share} color={BAR_COLOR[outcome]} />
                  </Table.Cell>
                  <Table.Cell className="text-end" data-testid="insights-funnel-count">
                    {formatCount(row.checkouts, locale)}
                  </Table.Cell>
                  <Table.Cell className="text-end" data-testid="insights-funnel-share">
                    {formatShare(row.share, locale)}
                  </Table.Cell>
                  <Table.Cell className="text-end" style={END_CELL} data-testid="insights-funnel-amount">
                    {formatSar(row.amount, locale, currency)}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table>
      </div>
      <Text size="xsmall" className="text-ui-fg-muted px-6 py-3" data-testid="insights-funnel-refusals">
        {t("installments.insights.funnel.refusals", {
          paid: formatCount(funnel.paid_after_refusal, locale),
          bank: formatCount(funnel.bank_rejections, locale),
          card: formatCount(funnel.card_declines, locale),
        })}
      </Text>
    </div>
  )
}
