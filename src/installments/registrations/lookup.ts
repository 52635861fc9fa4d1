import type { ConfigModule, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { InstallmentsClient } from "../../lib/client"
import { accountOf } from "../../lib/client/call-stats"
import { environmentOf } from "../../lib/client/options"
import { clientCallObserver } from "../telemetry/client-calls"
import { noteRegistration, registrationOfAccount } from "../telemetry/registrations"
import { parseProviderOptions, type ProviderOptions } from "./options"
import { asRegistrationId, PROVIDER_IDENTIFIER, registrationIdOf, type RegistrationId } from "./provider-ids"

/** One installments provider registration: its id, options and the client built from them. */
export interface Registration {
  /** The `id` of its entry under the Payment module's providers (`installments`). */
  id: RegistrationId
  options: ProviderOptions
  client: InstallmentsClient
}

/**
 * The one client the provider, routes and jobs build from a registration's options; its calls are
 * traced and counted (telemetry/client-calls.ts) under `registration`, or the one noted for its account.
 */
export function clientFromOptions(options: ProviderOptions, logger?: Logger, registration?: RegistrationId): InstallmentsClient {
  const account = accountOf(options.baseUrl, options.publicKey)
  return new InstallmentsClient({
    secretKey: options.secretKey,
    publicKey: options.publicKey,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    deadlineMs: options.deadlineMs,
    retryBaseDelayMs: options.retryBaseDelayMs,
    processingRetryDelayMs: options.processingRetryDelayMs,
    logger,
    observer: clientCallObserver({
      environment: environmentOf(options.publicKey),
      registration: () => registration ?? registrationOfAccount(account),
    }),
  })
}

/**
 * The client of the installments provider registered under `registrationId` (the `id` of its entry
 * in the Payment module's providers), for code that runs outside the provider: routes, steps, jobs.
 */
export function clientForProvider(container: MedusaContainer, registrationId: RegistrationId): InstallmentsClient | undefined {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = installmentsProviderOptions(config, registrationId)
  return options && clientFromOptions(options, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER), registrationId)
}

/**
 * The registration a back-office request is about: its `provider_id` (a registration id) when given,
 * else the only one. With several registrations and no `provider_id`, or an unknown one, a 400 lists
 * the ids to pick from.
 */
export function resolveRegistration(container: MedusaContainer, registrationId?: RegistrationId): Registration {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const ids = installmentsRegistrationIds(config)
  if (!ids.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      "No installments payment provider is registered: add medusa-payment-installments/providers/installments under the Payment module's providers."
    )
  }
  if (registrationId === undefined && ids.length > 1) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `provider_id is required when several installments registrations exist; use one of: ${ids.join(", ")}`
    )
  }
  const id = registrationId ?? ids[0]
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

function registrationOf(container: MedusaContainer, config: ConfigModule, id: RegistrationId): Registration {
  const options = installmentsProviderOptions(config, id)!
  const client = clientFromOptions(options, container.resolve<Logger>(ContainerRegistrationKeys.LOGGER), id)
  return { id, options, client }
}

/** A registration's id and options, without a client: what the sweeps plan with. */
export type RegistrationOptions = Pick<Registration, "id" | "options">

/** The installments registrations Medusa loaded (`installments` for `pp_installments_installments`), with their options. */
export async function loadedRegistrations(container: MedusaContainer): Promise<RegistrationOptions[]> {
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const providers = await payment.listPaymentProviders({}, { select: ["id"] })
  return providers.flatMap((provider) => {
    const id = registrationIdOf(provider.id)
    const options = id === undefined ? undefined : installmentsProviderOptions(config, id)
    return id !== undefined && options ? [{ id, options }] : []
  })
}

const DEFAULT_SWEEP_CONCURRENCY = 4

/**
 * How many checks a sweep runs side by side (each is one service read and a workflow): the most
 * cautious registration decides, as registrations usually share the merchant account's rate limit.
 */
export function sweepConcurrency(registrations: RegistrationOptions[]): number {
  return registrations.length
    ? Math.min(...registrations.map((registration) => registration.options.reconcileConcurrency))
    : DEFAULT_SWEEP_CONCURRENCY
}

type ProviderEntry = { resolve?: unknown; id?: unknown; options?: unknown }

/**
 * The options of the installments provider registered under `id` in the Payment module's
 * configuration: middlewares run in the app container, where provider instances are not reachable.
 */
export function installmentsProviderOptions(config: ConfigModule, id: RegistrationId): ProviderOptions | undefined {
  const entry = installmentsProviderEntries(config).find((provider) => provider.id === id)
  if (!entry) {
    return undefined
  }
  // Parsed on every call: 4 microseconds, nothing beside the service call or query that follows.
  const options = parseProviderOptions(entry.options)
  // The provider's own client is labelled from this note: Medusa never tells a provider its id.
  noteRegistration(accountOf(options.baseUrl, options.publicKey), id)
  return options
}

/**
 * The id of the registration with these options' merchant account (keys and store), for the
 * provider, which Medusa does not tell its own id: registrations on one account read the same
 * transactions, so any of them serves the ledger's reads. `installments` when none matches.
 */
export function registrationIdWithAccount(
  config: ConfigModule,
  options: Pick<ProviderOptions, "publicKey" | "storeId">
): RegistrationId {
  const entry = installmentsProviderEntries(config).find((provider) => {
    const own = provider.options as Partial<ProviderOptions> | undefined
    return own?.publicKey === options.publicKey && own?.storeId === options.storeId
  })
  const id = asRegistrationId((entry?.id as string | undefined) ?? PROVIDER_IDENTIFIER)
  const own = entry?.options as Partial<ProviderOptions> | undefined
  if (own?.baseUrl && own.publicKey) {
    noteRegistration(accountOf(own.baseUrl, own.publicKey), id)
  }
  return id
}

/** The ids of every installments provider registered in the Payment module's configuration, in order. */
export function installmentsRegistrationIds(config: ConfigModule): RegistrationId[] {
  return installmentsProviderEntries(config).map((provider) => asRegistrationId(provider.id as string))
}

/** Every registration's secret key as configured (options that do not parse included): what a kept message must never hold. */
export function installmentsSecretKeys(config: ConfigModule): string[] {
  return installmentsProviderEntries(config)
    .map((provider) => (provider.options as { secretKey?: unknown } | undefined)?.secretKey)
    .filter((secret): secret is string => typeof secret === "string" && secret.length > 0)
}

function installmentsProviderEntries(config: ConfigModule): ProviderEntry[] {
  const modules = config.modules as unknown
  const entries: unknown[] = Array.isArray(modules) ? modules : Object.values((modules as Record<string, unknown>) ?? {})
  for (const entry of entries) {
    const module = entry as { resolve?: unknown; key?: unknown; options?: { providers?: ProviderEntry[] } }
    const isPayment =
      module?.key === Modules.PAYMENT ||
      (typeof module?.resolve === "string" && /(^|\/)payment$/.test(module.resolve)) ||
      (modules as Record<string, unknown>)?.[Modules.PAYMENT] === entry
    if (!isPayment) {
      continue
    }
    return (module.options?.providers ?? []).filter((p) => typeof p?.id === "string" && isInstallments(p.resolve))
  }
  return []
}

function isInstallments(resolve: unknown): boolean {
  if (typeof resolve === "string") {
    return /providers\/installments\/?(index(\.[jt]s)?)?$/.test(resolve)
  }
  // A provider passed as an imported module object.
  const services = (resolve as { services?: { identifier?: string }[] })?.services
  return !!services?.some((service) => service?.identifier === PROVIDER_IDENTIFIER)
}
