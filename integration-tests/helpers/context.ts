import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Sandbox } from "./sandbox"
import type { Seed } from "./seed"

/** What every scenario file gets from the one booted Medusa; getters because setup runs later. */
export interface SuiteContext {
  api: AxiosInstance
  getContainer: () => MedusaContainer
  readonly sandbox: Sandbox
  readonly admin: { headers: Record<string, string> }
  readonly seed: Seed
}
