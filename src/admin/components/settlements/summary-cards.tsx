import { Container, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import type { SettlementTotals } from "../../../installments/back-office/answers"

const CARDS = ["gross", "fees", "vat", "refunds", "net"] as const

/** The window's gross sales, fees, VAT on fees, refunds paid out and net payout, one card each. */
export function SummaryCards({ totals, currency }: { totals: SettlementTotals | undefined; currency: string }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="settlements-summary">
      {CARDS.map((key) => (
        <Container key={key} className="flex flex-col gap-y-1 px-4 py-3" data-testid={`settlements-total-${key}`}>
          <Text size="small" className="text-ui-fg-subtle">
            {t(`installments.settlements.totals.${key}`)}
          </Text>
          {totals ? (
            <Text size="large" weight="plus" className={key === "net" ? "text-ui-fg-base" : undefined}>
              {formatSar(totals[key], i18n.language, currency)}
            </Text>
          ) : (
            <Skeleton className="h-6 w-24" />
          )}
        </Container>
      ))}
    </div>
  )
}
