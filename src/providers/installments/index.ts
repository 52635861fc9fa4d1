import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { InstallmentsProviderService } from "./service"

export { InstallmentsProviderService }
export type { ProviderOptionsInput as InstallmentsProviderOptions } from "../../installments/registrations/options"

export default ModuleProvider(Modules.PAYMENT, {
  services: [InstallmentsProviderService],
})
