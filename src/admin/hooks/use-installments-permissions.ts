import { useQuery } from "@tanstack/react-query"
import { useMemo } from "react"
import { permissionsFrom, type Permissions } from "../lib/permissions"
import { sdk } from "../lib/sdk"

/**
 * What the signed-in user may do with the plugin (D35): Medusa's feature flags first, then, only when
 * `rbac` is on, the user's permission list, both as the dashboard itself reads them.
 */
export function useInstallmentsPermissions(): Permissions {
  const flags = useQuery({
    queryKey: ["installments", "feature-flags"],
    queryFn: () => sdk.client.fetch<{ feature_flags: Record<string, unknown> }>("/admin/feature-flags"),
    staleTime: 5 * 60_000,
  })
  const rbac = flags.data?.feature_flags.rbac === true
  const mine = useQuery({
    queryKey: ["installments", "me-permissions"],
    queryFn: () => sdk.admin.rbacRole.mePermissions(),
    enabled: rbac,
    staleTime: 5 * 60_000,
  })
  // A Medusa without the flags route answers an error: it has no RBAC, so everything is allowed.
  const featureFlags = flags.isError ? {} : flags.data?.feature_flags
  const granted = mine.data?.permissions
  return useMemo(() => permissionsFrom(featureFlags, granted), [featureFlags, granted])
}
