import { Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { HealthRegistration } from "../../../installments/health/answer"
import { formatDateTime } from "../../lib/format"
import { reasonLabel } from "../../lib/health-words"
import { DetailRow } from "../order-card/detail-row"
import { environmentBadge } from "../settings/environment-badge"

/** One registration: connection, webhook, last verified and refused updates, the service's calls. */
export function RegistrationHealth({ registration }: { registration: HealthRegistration }) {
  const { t, i18n } = useTranslation()
  const environment = environmentBadge(registration.environment)
  const calls = registration.service_calls
  const connection = registration.connection
  return (
    <Container className="divide-y p-0" data-testid="health-registration">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{registration.provider_id}</Heading>
        <Badge color={environment.color} size="2xsmall">
          {t(`installments.settings.environment.${environment.label}`)}
        </Badge>
      </div>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <DetailRow label={t("installments.health.registration.connection")}>
          {!connection ? (
            <span className="text-ui-fg-subtle">{t("installments.health.registration.notChecked")}</span>
          ) : connection.ok ? (
            <StatusBadge color="green">{t("installments.health.registration.answers", { ms: connection.latency_ms })}</StatusBadge>
          ) : (
            <StatusBadge color="red">{t("installments.settings.connection.failed")}</StatusBadge>
          )}
        </DetailRow>
        <DetailRow label={t("installments.health.registration.webhooks")}>
          {t("installments.health.registration.webhooksValue", {
            registered: registration.webhooks_registered,
            configured: registration.webhook_keys_configured,
          })}
        </DetailRow>
        <DetailRow label={t("installments.health.registration.lastDelivery")}>
          {registration.last_verified_delivery_at
            ? formatDateTime(registration.last_verified_delivery_at, i18n.language)
            : t("installments.health.registration.none")}
        </DetailRow>
        <DetailRow label={t("installments.health.registration.refused")}>
          {registration.refused_deliveries.length
            ? registration.refused_deliveries
                .map((refused) =>
                  t("installments.health.registration.refusedItem", { reason: reasonLabel(t, refused.reason), count: refused.count })
                )
                .join(i18n.language.startsWith("ar") ? "، " : ", ")
            : t("installments.health.registration.refusedNone")}
        </DetailRow>
        <DetailRow label={t("installments.health.registration.calls")}>
          {calls.calls
            ? t("installments.health.registration.callsValue", {
                calls: calls.calls,
                percent: Math.round(calls.error_rate * 100),
                average: calls.average_ms ?? 0,
              })
            : t("installments.health.registration.callsNone")}
        </DetailRow>
        <Text size="xsmall" className="text-ui-fg-muted text-end">
          {t("installments.health.registration.callsHint")}
        </Text>
      </div>
    </Container>
  )
}
