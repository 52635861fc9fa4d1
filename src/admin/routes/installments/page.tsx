import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ReceiptPercent } from "@medusajs/icons"
import { Alert, Button, Container, type DataTablePaginationState, Skeleton } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { DateField } from "../../components/fields/date-field"
import { RegistrationSelect } from "../../components/fields/registration-select"
import { SectionHeader } from "../../components/layout/section-header"
import { DailyNetChart } from "../../components/settlements/daily-net-chart"
import { DownloadButtons } from "../../components/settlements/download-buttons"
import { PayoutRows } from "../../components/settlements/payout-rows"
import { SettlementsTable } from "../../components/settlements/settlements-table"
import { SummaryCards } from "../../components/settlements/summary-cards"
import { useRegistrationChoice } from "../../hooks/use-registration-choice"
import { useSettlements } from "../../hooks/use-settlements"
import { monthOf, type DayRange } from "../../lib/date-range"
import { PermissionGate } from "../../components/layout/permission-gate"
import { INSTALLMENTS_PERMISSION } from "../../../installments/permissions"

const PAGE_SIZE = 20

/** Installments → settlements, for a user whose roles may read them (D35). */
const InstallmentsSettlementsPage = () => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readSettlement}>
    <InstallmentsSettlements />
  </PermissionGate>
)

/** What the service paid out in a window, per payout and per order. */
const InstallmentsSettlements = () => {
  const { t } = useTranslation()
  const [range, setRange] = useState<DayRange>(() => monthOf(new Date()))
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const { status, registrations, providerId, setProviderId } = useRegistrationChoice()
  const settlements = useSettlements(providerId, range, {
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  })
  const data = settlements.data
  const currency = data?.currency ?? "SAR"
  const error = status.error ?? settlements.error
  // Another window shows its first page of payouts.
  const onRange = (next: DayRange) => {
    setRange(next)
    setPagination((current) => ({ ...current, pageIndex: 0 }))
  }

  return (
    <div className="flex flex-col gap-y-3" data-testid="installments-settlements">
      <Container className="p-0">
        <SectionHeader level="h1" title={t("installments.settlements.title")} subtitle={t("installments.settlements.subtitle")}>
          <div className="flex items-center gap-x-2">
            <Button size="small" variant="secondary" asChild>
              <Link to="/installments/payment-links">{t("installments.paymentLinks.title")}</Link>
            </Button>
            <DownloadButtons providerId={providerId} range={range} />
          </div>
        </SectionHeader>
      </Container>

      <Container className="flex flex-wrap items-end gap-4 px-6 py-4">
        <RegistrationSelect registrations={registrations} value={providerId} onChange={setProviderId} />
        <DateField
          id="settlements-from"
          label={t("installments.common.from")}
          value={range.from}
          onChange={(from) => from && onRange({ ...range, from })}
        />
        <DateField
          id="settlements-to"
          label={t("installments.common.to")}
          value={range.to}
          onChange={(to) => to && onRange({ ...range, to })}
        />
      </Container>

      {error && (
        <Alert variant="error" data-testid="settlements-error">
          {error.message}
        </Alert>
      )}
      {status.data && !registrations.length && <Alert variant="info">{t("installments.settings.empty")}</Alert>}
      {data?.difference != null && <Alert variant="warning">{t("installments.settlements.difference")}</Alert>}

      <SummaryCards totals={settlements.isPending ? undefined : data?.totals} currency={currency} />

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.settlements.chart.title")} />
        {data ? (
          <DailyNetChart daily={data.daily} range={range} currency={currency} />
        ) : (
          <div className="px-6 py-4">
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </Container>

      <Container className="divide-y p-0">
        <SectionHeader title={t("installments.settlements.table.title")} subtitle={t("installments.settlements.table.hint")} />
        <SettlementsTable
          settlements={data?.settlements ?? []}
          count={data?.count ?? 0}
          pagination={pagination}
          onPaginationChange={setPagination}
          providerId={providerId}
          range={range}
          currency={currency}
          isLoading={settlements.isPending}
        />
      </Container>

      {!!data?.unsettled.row_count && (
        <Container className="divide-y p-0" data-testid="settlements-unsettled">
          <SectionHeader
            title={t("installments.settlements.unsettled.title")}
            subtitle={t("installments.settlements.unsettled.hint")}
          />
          <PayoutRows providerId={providerId} range={range} settlementId="unsettled" currency={currency} />
        </Container>
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "installments.settlements.menu",
  translationNs: "translation",
  icon: ReceiptPercent,
})

export default InstallmentsSettlementsPage
