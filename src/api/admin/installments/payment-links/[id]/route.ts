import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { PaymentLinkDetails } from "../../../../../lib/client"
import { INSTALLMENTS_MODULE } from "../../../../../modules/installments"
import type InstallmentsModuleService from "../../../../../modules/installments/service"
import { callService } from "../../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../../installments/registrations/lookup"
import { paidTransaction } from "../../../../../installments/links/transactions"
import { readOffsetWindow } from "../offset-window"
import type { AdminPaymentLinkQueryType } from "../validators"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A link with a page of its transactions. A link made in this admin has its recorded state brought
 * up to date on the way, so a payment whose webhook was lost is recorded all the same.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminPaymentLinkQueryType>, res: MedusaResponse) => {
  const id = req.params.id
  if (!UUID.test(id)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `id must be the service's payment link id (a UUID), got "${id}"`)
  }
  const { provider_id, limit, offset } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  let details: PaymentLinkDetails | undefined
  const { items, total } = await readOffsetWindow(offset, limit, async (page, pageSize) => {
    const read = await callService(registration, () => registration.client.paymentLinks.retrieve(id, { page, page_size: pageSize }))
    details ??= read
    return { items: read.transactions, total: read.pagination?.count ?? read.transactions.length }
  })
  const link = details!.payment_link
  const module = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const paid = paidTransaction({ ...details!, transactions: items })
  await module.recordPaymentLinkState({ payment_link_id: link.id, status: link.status, transaction: paid })
  const [own] = await module.listInstallmentsPaymentLinks({ payment_link_id: link.id }, { take: 1 })
  res.json({
    payment_link: {
      ...link,
      created_in_admin: !!own,
      created_by: own?.created_by ?? null,
      transaction_id: own?.transaction_id ?? null,
      paid_at: own?.paid_at ? new Date(own.paid_at).toISOString() : null,
    },
    transactions: items,
    count: total,
    limit,
    offset,
  })
}
