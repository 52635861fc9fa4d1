import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { PluginScope } from "../../../../installments/insights/figures"
import { installmentsRegistrationIds } from "../../../../installments/registrations/lookup"
import { providerIdOf } from "../../../../installments/registrations/provider-ids"

/**
 * The registrations an Insights request is about: every one without `provider_id` (the page sets
 * the plugin beside the store's other ways of paying, not one account beside another), else the one
 * named; an unknown one is a 400 listing the ids to pick from.
 */
export function insightsScope(container: MedusaContainer, providerId: string | undefined): PluginScope {
  if (providerId === undefined) {
    return {}
  }
  const ids = installmentsRegistrationIds(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE))
  const registrationId = ids.find((id) => id === providerId)
  if (!registrationId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `provider_id "${providerId}" is not an installments registration; use one of: ${ids.join(", ") || "(none configured)"}`
    )
  }
  return { provider_id: providerIdOf(registrationId) }
}
