import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Text } from "@medusajs/ui"
import { LoadingLines } from "../../../components/layout/loading-lines"
import { useTranslation } from "react-i18next"
import { SectionHeader } from "../../../components/layout/section-header"
import { RegistrationCard } from "../../../components/settings/registration-card"
import { webhookUrl } from "../../../components/settings/webhook-url"
import { useInstallmentsStatus } from "../../../hooks/use-installments-status"
import { PermissionGate } from "../../../components/layout/permission-gate"
import { INSTALLMENTS_PERMISSION } from "../../../../installments/permissions"

declare const __BACKEND_URL__: string | undefined

/** Settings → Installments, for a user whose roles may read the webhook setup (D35). */
const InstallmentsSettingsPage = () => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readWebhook}>
    <InstallmentsSettings />
  </PermissionGate>
)

/** Each registration's connection and webhook setup. */
const InstallmentsSettings = () => {
  const { t } = useTranslation()
  const { data, isPending, isError, error, refetch, isFetching } = useInstallmentsStatus()
  const backendUrl = typeof __BACKEND_URL__ === "string" ? __BACKEND_URL__ : ""

  return (
    <div className="flex flex-col gap-y-3" data-testid="installments-settings">
      <Container className="p-0">
        <SectionHeader level="h1" title={t("installments.settings.title")} subtitle={t("installments.settings.subtitle")}>
          <Button size="small" variant="secondary" isLoading={isFetching} onClick={() => refetch()}>
            {t("installments.common.refresh")}
          </Button>
        </SectionHeader>
      </Container>
      {isPending && (
        <Container className="p-0">
          <LoadingLines />
        </Container>
      )}
      {isError && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            {error.message}
          </Text>
        </Container>
      )}
      {data && data.registrations.length === 0 && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            {t("installments.settings.empty")}
          </Text>
        </Container>
      )}
      {data?.registrations.map((registration) => (
        <RegistrationCard
          key={registration.provider_id}
          registration={registration}
          url={webhookUrl(backendUrl, window.location.origin, registration.webhook_path)}
        />
      ))}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "installments.settings.menu",
  translationNs: "translation",
})

export default InstallmentsSettingsPage
