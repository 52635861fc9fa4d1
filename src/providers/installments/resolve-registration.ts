import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { InstallmentsClient } from "../../lib/client"
import { clientFromOptions } from "./client"
import type { ProviderOptions } from "./options"
import { installmentsProviderOptions, installmentsRegistrationIds } from "./registration"

/** Medusa's id of an installments provider is this prefix and the registration id (`pp_installments_installments`). */
export const PAYMENT_PROVIDER_PREFIX = "pp_installments_"

/** One installments provider registration: its id, options and the client built from them. */
export interface Registration {
  /** The `id` of its entry under the Payment module's providers (`installments`). */
  id: string
  options: ProviderOptions
  client: InstallmentsClient
}

/**
 * The registration a back-office request is about: `provider_id` when given, else the only one.
 * With several registrations and no `provider_id`, or an unknown one, a 400 lists the ids to pick from.
 */
export function resolveRegistration(container: MedusaContainer, providerId?: string): Registration {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const ids = installmentsRegistrationIds(config)
  if (!ids.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      "No installments payment provider is registered: add medusa-payment-installments/providers/installments under the Payment module's providers."
    )
  }
  if (providerId === undefined && ids.length > 1) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `provider_id is required when several installments registrations exist; use one of: ${ids.join(", ")}`
    )
  }
  const id = providerId ?? ids[0]
  if (!ids.includes(id)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `provider_id "${id}" is not an installments registration; use one of: ${ids.join(", ")}`
    )
  }
  return registrationOf(container, config, id)
}

/** Every installments registration, in the order of the configuration. */
export function allRegistrations(container: MedusaContainer): Registration[] {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  return installmentsRegistrationIds(config).map((id) => registrationOf(container, config, id))
}

function registrationOf(container: MedusaContainer, config: ConfigModule, id: string): Registration {
  const options = installmentsProviderOptions(config, id)!
  const client = clientFromOptions(options, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
  return { id, options, client }
}
