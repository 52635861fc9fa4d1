import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../lib/client"
import type { ProviderOptions } from "./options"
import { installmentsProviderOptions } from "./registration"

/** The one client the provider, routes and jobs build from a registration's options. */
export function clientFromOptions(options: ProviderOptions, logger?: Logger): InstallmentsClient {
  return new InstallmentsClient({
    secretKey: options.secretKey,
    publicKey: options.publicKey,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    retryBaseDelayMs: options.retryBaseDelayMs,
    processingRetryDelayMs: options.processingRetryDelayMs,
    logger,
  })
}

/**
 * The client of the installments provider registered under `providerId` (the `id` of its entry in
 * the Payment module's providers), for code that runs outside the provider: routes, steps, jobs.
 */
export function clientForProvider(container: MedusaContainer, providerId: string): InstallmentsClient | undefined {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = installmentsProviderOptions(config, providerId)
  return options && clientFromOptions(options, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
}
