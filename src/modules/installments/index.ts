import { Module } from "@medusajs/framework/utils"
import InstallmentsModuleService from "./service"

export const INSTALLMENTS_MODULE = "installments"

export default Module(INSTALLMENTS_MODULE, {
  service: InstallmentsModuleService,
})

export { InstallmentsModuleService }
