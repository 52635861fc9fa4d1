import { Module } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../../installments/module-key"
import InstallmentsModuleService from "./service"

export { INSTALLMENTS_MODULE }

export default Module(INSTALLMENTS_MODULE, {
  service: InstallmentsModuleService,
})

export { InstallmentsModuleService }

// The events the plugin emits, their names and payload types, for a store's subscribers (docs/events.md).
export * from "./events"
