import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { OrderInstallmentsResponse } from "../../../../../installments/back-office/answers"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../../../../../modules/installments"
import type InstallmentsModuleService from "../../../../../modules/installments/service"
import { registrationIdOf } from "../../../../../installments/registrations/provider-ids"
import { allRegistrations } from "../../../../../installments/registrations/lookup"
import { disputeTimes } from "../dispute"
import { paymentView, readTransaction, type OrderPayment } from "../payment-view"
import type { LedgerRow } from "../refund-rows"

/**
 * What the order widget shows in one call: each installments payment of the order with its
 * transaction as the service reports it (one read per payment), its refunds from the ledger and the
 * service, what can still be refunded and until when, and the hosted checkout URL.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.amount",
      "payment_collections.payments.currency_code",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.data",
      "payment_collections.payments.captures.amount",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.amount",
      "payment_collections.payments.refunds.raw_amount",
    ],
    filters: { id: req.params.id },
  })
  const order = data[0] as { id: string; payment_collections?: { payments?: OrderPayment[] }[] } | undefined
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order with id "${req.params.id}" was not found`)
  }
  const payments = (order.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => registrationIdOf(payment.provider_id) !== undefined)
  const registrations = new Map(allRegistrations(req.scope).map((registration) => [registration.id, registration]))

  const reads = await Promise.all(
    payments.map((payment) => {
      const registrationId = registrationIdOf(payment.provider_id)!
      return readTransaction(registrations.get(registrationId), registrationId, payment)
    })
  )
  const ledger = await ledgerRows(
    req,
    payments,
    reads.map((read) => read.transaction?.id)
  )
  const transactionIds = payments.map((payment, index) => reads[index].transaction?.id ?? text(payment.data?.transaction_id))
  const disputes = await disputeTimes(
    req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE),
    transactionIds.filter((id): id is string => !!id)
  )

  const answer: OrderInstallmentsResponse = {
    order_id: order.id,
    payments: payments.map((payment, index) => {
      const transactionId = transactionIds[index]
      return paymentView({
        payment,
        registrationId: registrationIdOf(payment.provider_id)!,
        transaction: reads[index].transaction,
        serviceError: reads[index].service_error,
        ledger: ledger.filter((row) => row.payment_id === payment.id || (!!transactionId && row.transaction_id === transactionId)),
        disputedAt: (transactionId && disputes.get(transactionId)) || null,
      })
    }),
  }
  res.json(answer)
}

async function ledgerRows(req: AuthenticatedMedusaRequest, payments: OrderPayment[], transactionIds: (string | undefined)[]) {
  if (!payments.length) {
    return []
  }
  const module = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const ids = [...transactionIds, ...payments.map((payment) => payment.data?.transaction_id)].filter(
    (id): id is string => typeof id === "string" && !!id
  )
  const rows = await module.listInstallmentsRefunds(
    { $or: [{ payment_id: payments.map((payment) => payment.id) }, ...(ids.length ? [{ transaction_id: ids }] : [])] },
    { order: { created_at: "ASC" } }
  )
  return rows as unknown as LedgerRow[]
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined)
