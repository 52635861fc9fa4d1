import { Container, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import { formatCount, formatShare } from "../../lib/insights-format"
import type { InsightsAnswer } from "../../../installments/insights/answer"

const CARD_KEYS = ["conversion", "installmentsShare", "averageInstallments", "averageAll", "cost"]

/** The window at a glance: conversion, how many orders use installments, their basket against all, and what the service costs. */
export function HeadlineCards({ data }: { data: InsightsAnswer | undefined }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const installments = data?.ways.find((way) => way.way === "installments")
  const cards: Array<{ key: string; value: string; hint: string }> | undefined = data
    ? [
        {
          key: "conversion",
          value: formatShare(data.funnel.conversion, locale),
          hint: t("installments.insights.cards.conversionHint", {
            paid: formatCount(data.funnel.outcomes.paid.checkouts, locale),
            started: formatCount(data.funnel.started, locale),
          }),
        },
        {
          key: "installmentsShare",
          value: formatShare(installments?.share_of_orders ?? (data.totals.orders ? "0.00" : null), locale),
          hint: t("installments.insights.cards.ordersHint", {
            orders: formatCount(installments?.orders ?? 0, locale),
            all: formatCount(data.totals.orders, locale),
          }),
        },
        {
          key: "averageInstallments",
          value: formatSar(installments?.average, locale, data.currency),
          hint: t("installments.insights.cards.averageHint", { orders: formatCount(installments?.orders ?? 0, locale) }),
        },
        {
          key: "averageAll",
          value: formatSar(data.totals.average, locale, data.currency),
          hint: t("installments.insights.cards.averageHint", { orders: formatCount(data.totals.orders, locale) }),
        },
        {
          key: "cost",
          value: formatShare(data.costs.share_fees_and_vat, locale),
          hint: t("installments.insights.cards.costHint", { amount: formatSar(data.costs.fees_and_vat, locale, data.currency) }),
        },
      ]
    : undefined
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="insights-cards">
      {(cards ?? CARD_KEYS.map((key) => ({ key, value: undefined, hint: undefined }))).map((card) => (
        <Container key={card.key} className="flex flex-col gap-y-1 px-4 py-3" data-testid={`insights-card-${card.key}`}>
          <Text size="small" className="text-ui-fg-subtle">
            {t(`installments.insights.cards.${card.key}`)}
          </Text>
          {card.value !== undefined ? (
            <>
              <Text size="large" weight="plus" data-testid="insights-card-value">
                {card.value}
              </Text>
              <Text size="xsmall" className="text-ui-fg-muted">
                {card.hint}
              </Text>
            </>
          ) : (
            <Skeleton className="h-6 w-24" />
          )}
        </Container>
      ))}
    </div>
  )
}
