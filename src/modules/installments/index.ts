import { Module } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../../installments/module-key"
import InstallmentsModuleService from "./service"

export { INSTALLMENTS_MODULE }

export default Module(INSTALLMENTS_MODULE, {
  service: InstallmentsModuleService,
})

export { InstallmentsModuleService }
