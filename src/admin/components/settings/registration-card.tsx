import { Badge, Button, Container, Copy, Heading, StatusBadge, Text, toast, usePrompt } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRegisterWebhook } from "../../hooks/use-installments-status"
import { useInstallmentsPermissions } from "../../hooks/use-installments-permissions"
import { INSTALLMENTS_PERMISSION } from "../../../installments/permissions"
import { PermissionHint } from "../layout/permission-gate"

import { formatDateTime } from "../../lib/format"
import type { RegistrationStatus } from "../../../installments/back-office/answers"
import { DetailRow } from "../order-card/detail-row"
import { environmentBadge } from "./environment-badge"

/** One registration's setup: environment, connection, webhook URL and registration, what waits. */
export function RegistrationCard({ registration, url }: { registration: RegistrationStatus; url: string }) {
  const { t, i18n } = useTranslation()
  const prompt = usePrompt()
  const register = useRegisterWebhook()
  const mayRegister = useInstallmentsPermissions().can(INSTALLMENTS_PERMISSION.createWebhook)
  const webhooks = registration.webhooks ?? []
  const registeredHere = webhooks.some((webhook) => webhook.url === url)
  const environment = environmentBadge(registration.environment)

  const onRegister = async () => {
    const confirmed = await prompt({
      title: t("installments.settings.register.confirmTitle"),
      description: t("installments.settings.register.confirmDescription", { url, provider: registration.provider_id }),
      confirmText: t("installments.settings.register.confirm"),
      cancelText: t("installments.common.cancel"),
    })
    if (!confirmed) {
      return
    }
    register.mutate(
      { provider_id: registration.provider_id, url },
      {
        onSuccess: () => toast.success(t("installments.settings.register.done")),
        onError: (error) => toast.error(error.message),
      }
    )
  }

  return (
    <Container className="divide-y p-0" data-testid="installments-registration">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{registration.provider_id}</Heading>
        <Badge color={environment.color} size="2xsmall" data-testid="installments-environment">
          {t(`installments.settings.environment.${environment.label}`)}
        </Badge>
      </div>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <DetailRow label={t("installments.settings.connection.label")}>
          {registration.connection.ok ? (
            <StatusBadge color="green">{t("installments.settings.connection.ok")}</StatusBadge>
          ) : (
            <StatusBadge color="red">{t("installments.settings.connection.failed")}</StatusBadge>
          )}
        </DetailRow>
        {!registration.connection.ok && (
          <Text size="small" className="text-ui-fg-error">
            {registration.connection.message ?? t("installments.settings.connection.unknownFailure")}
          </Text>
        )}
        <DetailRow label={t("installments.settings.storeId")}>
          <span dir="ltr">{registration.store_id ?? "—"}</span>
        </DetailRow>
      </div>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <Text size="small" weight="plus" leading="compact">
          {t("installments.settings.webhookUrl")}
        </Text>
        <div className="bg-ui-bg-subtle flex items-center justify-between gap-x-2 rounded-md px-3 py-2">
          <Text size="small" className="break-all font-mono" dir="ltr">
            {url}
          </Text>
          <Copy content={url} />
        </div>
        <DetailRow label={t("installments.settings.registrations")}>{webhooks.length}</DetailRow>
        {webhooks.length === 0 && (
          <Text size="small" className="text-ui-fg-subtle">
            {t("installments.settings.noRegistrations")}
          </Text>
        )}
        {webhooks.map((webhook) => (
          <Text key={webhook.prefix} size="xsmall" className="text-ui-fg-subtle break-all" dir="ltr">
            {`${webhook.url} · ${formatDateTime(webhook.created_at, i18n.language)}`}
          </Text>
        ))}
        <Button
          size="small"
          variant={registeredHere ? "secondary" : "primary"}
          className="self-start"
          isLoading={register.isPending}
          disabled={!mayRegister}
          onClick={onRegister}
          data-testid="installments-register-webhook"
        >
          {registeredHere ? t("installments.settings.register.again") : t("installments.settings.register.button")}
        </Button>
        {!mayRegister && <PermissionHint permission={INSTALLMENTS_PERMISSION.createWebhook} />}
      </div>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <DetailRow label={t("installments.settings.lastDelivery")}>
          {registration.last_verified_delivery_at
            ? formatDateTime(registration.last_verified_delivery_at, i18n.language)
            : t("installments.settings.noDelivery")}
        </DetailRow>
        <DetailRow label={t("installments.settings.pendingSessions")}>{registration.pending_sessions ?? 0}</DetailRow>
        <DetailRow label={t("installments.settings.pendingRefunds")}>{registration.pending_refunds ?? 0}</DetailRow>
      </div>
    </Container>
  )
}
