import type InstallmentsModuleService from "../../../../modules/installments/service"

/** When the service first reported a dispute on each of these transactions (`order.disputed`), by transaction id. */
export async function disputeTimes(module: InstallmentsModuleService, transactionIds: string[]): Promise<Map<string, string>> {
  if (!transactionIds.length) {
    return new Map()
  }
  const disputes = await module.listInstallmentsDisputes(
    { transaction_id: transactionIds },
    { select: ["transaction_id", "disputed_at"], order: { disputed_at: "ASC" } }
  )
  const first = new Map<string, string>()
  for (const dispute of disputes) {
    if (!first.has(dispute.transaction_id)) {
      first.set(dispute.transaction_id, new Date(dispute.disputed_at).toISOString())
    }
  }
  return first
}
