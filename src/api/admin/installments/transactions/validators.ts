import { z } from "@medusajs/framework/zod"
import { providerIdField } from "../shared-fields"

export const AdminTransactionQuery = z.object({ provider_id: providerIdField })
export type AdminTransactionQueryType = z.infer<typeof AdminTransactionQuery>
