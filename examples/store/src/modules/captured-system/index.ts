import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import CapturedSystemProviderService from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [CapturedSystemProviderService] })
