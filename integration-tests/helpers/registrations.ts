import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type ProviderEntry = { id?: string; options?: Record<string, unknown> }

/**
 * Runs `fn` while the options of one registration differ in the booted app's configuration (wrong
 * keys, another store id), as a misconfigured merchant's would; restored afterwards.
 */
export async function withRegistrationOptions<T>(
  container: MedusaContainer,
  id: string,
  patch: Record<string, unknown>,
  fn: () => Promise<T>
): Promise<T> {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const modules = config.modules as unknown
  const entries = (Array.isArray(modules) ? modules : Object.values((modules as Record<string, unknown>) ?? {})) as {
    options?: { providers?: ProviderEntry[] }
  }[]
  const entry = entries.flatMap((module) => module?.options?.providers ?? []).find((provider) => provider.id === id)
  if (!entry?.options) {
    throw new Error(`no provider registration ${id} in the configuration`)
  }
  const saved = entry.options
  entry.options = { ...saved, ...patch }
  try {
    return await fn()
  } finally {
    entry.options = saved
  }
}
