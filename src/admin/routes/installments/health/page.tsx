import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Button, Container, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { JobsTable } from "../../../components/health/jobs-table"
import { ProblemsCard } from "../../../components/health/problems-card"
import { RefundsCard } from "../../../components/health/refunds-card"
import { RegistrationHealth } from "../../../components/health/registration-health"
import { LoadingLines } from "../../../components/layout/loading-lines"
import { PermissionGate } from "../../../components/layout/permission-gate"
import { SectionHeader } from "../../../components/layout/section-header"
import { useInstallmentsHealth } from "../../../hooks/use-installments-health"
import { formatDateTime } from "../../../lib/format"
import { INSTALLMENTS_PERMISSION } from "../../../../installments/permissions"

/** Installments → Health, for a user whose roles may read it (D35). */
const InstallmentsHealthPage = () => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readHealth}>
    <InstallmentsHealth />
  </PermissionGate>
)

/**
 * Is the integration working, and what to fix: the problems first, then each registration, the
 * background jobs and the refunds that wait. The service is called only on Check connection.
 */
const InstallmentsHealth = () => {
  const { t, i18n } = useTranslation()
  const [checkConnection, setCheckConnection] = useState(false)
  const { data, isPending, error, refetch, isFetching } = useInstallmentsHealth(checkConnection)

  return (
    <div className="flex flex-col gap-y-3" data-testid="installments-health">
      <Container className="p-0">
        <SectionHeader level="h1" title={t("installments.health.title")} subtitle={t("installments.health.subtitle")}>
          <div className="flex items-center gap-x-2">
            {data && (
              <Text size="small" className="text-ui-fg-muted pe-1">
                {t("installments.health.checkedAt", { time: formatDateTime(data.checked_at, i18n.language) })}
              </Text>
            )}
            <Button
              size="small"
              variant="secondary"
              isLoading={isFetching && checkConnection}
              onClick={() => (checkConnection ? refetch() : setCheckConnection(true))}
            >
              {t("installments.health.checkConnection")}
            </Button>
            <Button size="small" variant="secondary" isLoading={isFetching && !checkConnection} onClick={() => refetch()}>
              {t("installments.common.refresh")}
            </Button>
          </div>
        </SectionHeader>
      </Container>

      {error && (
        <Alert variant="error" data-testid="health-error">
          {error.message}
        </Alert>
      )}
      {isPending && (
        <Container className="p-0">
          <LoadingLines />
        </Container>
      )}

      {data && (
        <>
          <ProblemsCard problems={data.problems} />
          {data.registrations.length === 0 && (
            <Container className="px-6 py-4">
              <Text size="small" className="text-ui-fg-subtle">
                {t("installments.settings.empty")}
              </Text>
            </Container>
          )}
          {data.registrations.map((registration) => (
            <RegistrationHealth key={registration.provider_id} registration={registration} />
          ))}
          <Container className="divide-y p-0">
            <SectionHeader title={t("installments.health.jobs.title")} subtitle={t("installments.health.jobs.hint")} />
            <JobsTable jobs={data.jobs} />
          </Container>
          <Container className="divide-y p-0">
            <SectionHeader title={t("installments.health.refunds.title")} subtitle={t("installments.health.refunds.hint")} />
            <RefundsCard refunds={data.refunds} />
          </Container>
        </>
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "installments.health.menu",
  translationNs: "translation",
})

export default InstallmentsHealthPage
