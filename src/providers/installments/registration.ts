import type { ConfigModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { parseProviderOptions, type ProviderOptions } from "./options"

type ProviderEntry = { resolve?: unknown; id?: unknown; options?: unknown }

/**
 * The options of the installments provider registered under `id` in the Payment module's
 * configuration: middlewares run in the app container, where provider instances are not reachable.
 */
export function installmentsProviderOptions(config: ConfigModule, id: string): ProviderOptions | undefined {
  const entry = installmentsProviderEntries(config).find((provider) => provider.id === id)
  if (!entry) {
    return undefined
  }
  if (typeof entry.options !== "object" || entry.options === null) {
    return parseProviderOptions(entry.options)
  }
  // Every webhook delivery and follow-up asks: the configuration's options object is parsed once.
  let parsed = parsedOptions.get(entry.options)
  if (!parsed) {
    parsed = parseProviderOptions(entry.options)
    parsedOptions.set(entry.options, parsed)
  }
  return parsed
}

const parsedOptions = new WeakMap<object, ProviderOptions>()

/** The ids of every installments provider registered in the Payment module's configuration, in order. */
export function installmentsRegistrationIds(config: ConfigModule): string[] {
  return installmentsProviderEntries(config).map((provider) => provider.id as string)
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
  return !!services?.some((service) => service?.identifier === "installments")
}
