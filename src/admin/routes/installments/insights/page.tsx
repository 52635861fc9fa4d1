import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Button, Container, type DataTablePaginationState, Skeleton } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { DateField } from "../../../components/fields/date-field"
import { RegistrationSelect } from "../../../components/fields/registration-select"
import { CheckoutsTable } from "../../../components/insights/checkouts-table"
import { CostsCard } from "../../../components/insights/costs-card"
import { CsvButton } from "../../../components/insights/csv-button"
import { DailyOrdersChart } from "../../../components/insights/daily-orders-chart"
import { FunnelCard } from "../../../components/insights/funnel-card"
import { HeadlineCards } from "../../../components/insights/headline-cards"
import { WaysTable } from "../../../components/insights/ways-table"
import { LoadingLines } from "../../../components/layout/loading-lines"
import { PermissionGate } from "../../../components/layout/permission-gate"
import { SectionHeader } from "../../../components/layout/section-header"
import { useInsights, useInsightsCheckouts } from "../../../hooks/use-insights"
import { useInstallmentsStatus } from "../../../hooks/use-installments-status"
import { lastDays, type DayRange } from "../../../lib/insights-range"
import type { CheckoutOutcome, InsightsTable } from "../../../../installments/insights/answer"
import { INSTALLMENTS_PERMISSION } from "../../../../installments/permissions"

const CHECKOUTS_PAGE_SIZE = 10

/** Installments → Insights, for a user whose roles may read the settlements (D35): they sum the same sales, fees and refunds. */
const InstallmentsInsightsPage = () => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readSettlement}>
    <InstallmentsInsights />
  </PermissionGate>
)

/**
 * Whether installments pay, for a window of up to a year. The checkouts from the payment page to
 * paid or refused, orders and average order value by way of paying beside the store's other
 * providers, what the service's fees cost, refunds, and orders per day.
 */
const InstallmentsInsights = () => {
  const { t } = useTranslation()
  const [range, setRange] = useState<DayRange>(() => lastDays(new Date(), 30))
  const [providerId, setProviderId] = useState<string>()
  const [outcome, setOutcome] = useState<CheckoutOutcome>()
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: CHECKOUTS_PAGE_SIZE })
  const status = useInstallmentsStatus()
  const insights = useInsights(providerId, range)
  const checkouts = useInsightsCheckouts(providerId, range, outcome, {
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  })
  const data = insights.data
  const error = insights.error ?? checkouts.error
  // Another window, registration or outcome lists its checkouts from the first page.
  const resetList = () => setPagination((current) => ({ ...current, pageIndex: 0 }))
  const onRange = (next: DayRange) => {
    setRange(next)
    resetList()
  }
  const onOutcome = (next: CheckoutOutcome | undefined) => {
    setOutcome(next)
    resetList()
  }
  const csv = (table: InsightsTable) => <CsvButton table={table} providerId={providerId} range={range} />

  return (
    <div className="flex flex-col gap-y-3" data-testid="installments-insights">
      <Container className="p-0">
        <SectionHeader level="h1" title={t("installments.insights.title")} subtitle={t("installments.insights.subtitle")} />
      </Container>

      <Container className="flex flex-wrap items-end gap-4 px-6 py-4">
        <RegistrationSelect
          all
          id="insights-registration"
          registrations={status.data?.registrations ?? []}
          value={providerId}
          onChange={(next) => {
            setProviderId(next)
            resetList()
          }}
        />
        <DateField
          id="insights-from"
          label={t("installments.common.from")}
          value={range.from}
          onChange={(from) => from && onRange({ ...range, from })}
        />
        <DateField
          id="insights-to"
          label={t("installments.common.to")}
          value={range.to}
          onChange={(to) => to && onRange({ ...range, to })}
        />
      </Container>

      {error && (
        <Alert variant="error" data-testid="insights-error">
          {error.message}
        </Alert>
      )}

      <HeadlineCards data={data} />

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.insights.funnel.title")} subtitle={t("installments.insights.funnel.hint")}>
          {csv("funnel")}
        </SectionHeader>
        {data ? (
          <FunnelCard funnel={data.funnel} currency={data.currency} selected={outcome} onSelect={onOutcome} />
        ) : (
          <LoadingLines />
        )}
      </Container>

      {outcome && (
        <Container className="divide-y p-0" data-testid="insights-checkouts">
          <SectionHeader
            title={t("installments.insights.checkouts.title", { outcome: t(`installments.insights.outcomes.${outcome}`) })}
            subtitle={t("installments.insights.checkouts.hint")}
          >
            <Button size="small" variant="transparent" onClick={() => onOutcome(undefined)}>
              {t("installments.common.done")}
            </Button>
          </SectionHeader>
          <CheckoutsTable
            checkouts={checkouts.data?.checkouts ?? []}
            count={checkouts.data?.count ?? 0}
            isLoading={checkouts.isPending}
            currency={data?.currency ?? "SAR"}
            pagination={pagination}
            onPaginationChange={setPagination}
          />
        </Container>
      )}

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.insights.ways.title")} subtitle={t("installments.insights.ways.hint")}>
          {csv("ways")}
        </SectionHeader>
        {data ? <WaysTable data={data} /> : <LoadingLines />}
      </Container>

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.insights.costs.title")} subtitle={t("installments.insights.costs.hint")}>
          {csv("costs")}
        </SectionHeader>
        {data ? <CostsCard costs={data.costs} currency={data.currency} /> : <LoadingLines />}
      </Container>

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.insights.chart.title")} subtitle={t("installments.insights.chart.hint")}>
          {csv("daily")}
        </SectionHeader>
        {data ? (
          <DailyOrdersChart data={data} range={range} />
        ) : (
          <div className="px-6 py-4">
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "installments.insights.menu",
  translationNs: "translation",
})

export default InstallmentsInsightsPage
