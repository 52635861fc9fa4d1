import { Container, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { permissionKey, type InstallmentsPermission } from "../../../installments/permissions"
import { useInstallmentsPermissions } from "../../hooks/use-installments-permissions"
import { LoadingLines } from "./loading-lines"

// The permission key is Latin in an Arabic sentence too: isolated, so its colon and the sentence's
// full stop keep their places in either direction.
const isolated = (permission: InstallmentsPermission) => `\u2068${permissionKey(permission)}\u2069`

/**
 * Renders `children` only for a user whose roles allow `permission` (Medusa RBAC, D35); otherwise a
 * page says which permission it needs, and a widget (`quiet`) shows nothing. With RBAC off, always.
 */
export function PermissionGate({
  permission,
  quiet = false,
  children,
}: {
  permission: InstallmentsPermission
  quiet?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const permissions = useInstallmentsPermissions()
  if (!permissions.known) {
    return quiet ? null : (
      <Container className="p-0">
        <LoadingLines />
      </Container>
    )
  }
  if (permissions.can(permission)) {
    return <>{children}</>
  }
  return quiet ? null : (
    <Container className="px-6 py-4" data-testid="installments-not-permitted">
      <Text size="small" className="text-ui-fg-subtle">
        {t("installments.permissions.page", { policy: isolated(permission) })}
      </Text>
    </Container>
  )
}

/** The line beside a control the user's roles do not allow, naming the permission it needs. */
export function PermissionHint({ permission }: { permission: InstallmentsPermission }) {
  const { t } = useTranslation()
  return (
    <Text size="xsmall" className="text-ui-fg-muted" data-testid="installments-permission-hint">
      {t("installments.permissions.action", { policy: isolated(permission) })}
    </Text>
  )
}
