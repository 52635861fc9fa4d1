import type { BigNumberInput, IPaymentModuleService, MedusaContainer, RefundDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules, ReturnStatus } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { INSTALLMENTS_MODULE } from "../module-key"
import { RECORDED_REFUND_KEY, recordedKeyOf } from "./keys"
import { bookOrderRefunds, orderOfPayment, unbookRefund } from "./order-bookings"
import type { OrderRefundState } from "./return-decision"
import type { ReturnRefundMedusa } from "./return-refund"

/** A Medusa payment as the refund's owner reads it: its refunds, and whether its order is canceled. */
export interface MedusaPaymentRefunds {
  payment_id: string
  order_canceled: boolean
  refunds: { id: string; metadata?: Record<string, unknown> | null }[]
}

/** Where a refund is recorded in Medusa: the payment, or the payment session Medusa's run named. */
export interface MedusaPaymentRef {
  payment_id?: string | null
  payment_session_id?: string | null
}

/** Medusa's refund records, as the refund's owner (installments/refunds) makes and removes them. */
export interface MedusaRefunds {
  /** The payment and its refunds; null when Medusa has no such payment. */
  findPayment(ref: MedusaPaymentRef): Promise<MedusaPaymentRefunds | null>
  /**
   * Records a refund the service applied on Medusa's payment, naming its key: through Medusa's own
   * refund workflow on an open order (the order's transactions and summary follow; the provider finds
   * the key applied and sends nothing), or on the payment alone on a canceled order (Medusa's cancel
   * booked the order's refund already, medusa#15306).
   */
  record(payment: MedusaPaymentRefunds, refund: { idempotency_key: string; amount: string; note: string }): Promise<void>
  /**
   * Removes a refund row Medusa kept for a call the service never applied (a process killed before
   * Medusa's own catch), with what the order booked for it.
   */
  remove(paymentId: string, refundId: string): Promise<void>
  /** Makes the payment's order book each of its refunds once, at its own amount (order-bookings.ts). */
  book(paymentId: string): Promise<void>
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type PaymentRow = {
  id: string
  refunds?: { id: string; metadata?: Record<string, unknown> | null }[] | null
  payment_collection?: { order?: { id: string; status?: string | null; canceled_at?: unknown } | null } | null
}
/** The Payment module with createRefunds: generated for its Refund model, but not on its typed interface. */
export type RefundRecorder = IPaymentModuleService & {
  createRefunds(data: {
    payment_id: string
    amount: BigNumberInput
    note?: string
    metadata?: Record<string, unknown>
  }): Promise<RefundDTO>
}

/** Medusa's refund records through the application's container. */
export function medusaRefundsIn(container: MedusaContainer): MedusaRefunds {
  const payments = () => container.resolve<RefundRecorder>(Modules.PAYMENT)
  return {
    async findPayment(ref) {
      if (!ref.payment_id && !ref.payment_session_id) return null
      const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
        entity: "payment",
        fields: ["id", "refunds.id", "refunds.metadata", "payment_collection.order.status", "payment_collection.order.canceled_at"],
        filters: ref.payment_id ? { id: ref.payment_id } : { payment_session_id: ref.payment_session_id },
      })
      const payment = data[0] as PaymentRow | undefined
      if (!payment) return null
      const order = payment.payment_collection?.order
      return {
        payment_id: payment.id,
        order_canceled: !!order && (order.status === "canceled" || !!order.canceled_at),
        refunds: payment.refunds ?? [],
      }
    },
    async record(payment, refund) {
      const metadata = { [RECORDED_REFUND_KEY]: refund.idempotency_key }
      if (payment.order_canceled) {
        await payments().createRefunds({ payment_id: payment.payment_id, amount: refund.amount, note: refund.note, metadata })
        await refreshRefundedAmount(payments(), payment.payment_id)
        return
      }
      // Medusa's workflow passes its input to the Payment module whole: the refund row keeps the key,
      // which the provider reads to record (not send) this cause.
      await refundPaymentWorkflow(container).run({
        input: { payment_id: payment.payment_id, amount: refund.amount, note: refund.note, metadata } as never,
      })
      await this.book(payment.payment_id)
    },
    remove: (paymentId, refundId) => removeMedusaRefund(container, paymentId, refundId),
    async book(paymentId) {
      const orderId = await orderOfPayment(container, paymentId)
      if (orderId) await bookOrderRefunds(container, orderId)
    },
  }
}

/**
 * Deletes a Medusa refund the service never made: its row, the collection's refunded total, and the
 * order's transactions of it (the Payment module's delete leaves those, and Medusa's next refund on
 * the payment may have booked it).
 */
export async function removeMedusaRefund(container: MedusaContainer, paymentId: string, refundId: string): Promise<void> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const returnIds = await receivedReturnsOf(container, await orderOfPayment(container, paymentId))
  const sweeps = container.resolve<{ reopenReturnSweepItem(returnId: string): Promise<number> }>(INSTALLMENTS_MODULE)
  // A return may have counted this refund as made: its receipts are followed again, before (a crash
  // after the delete loses nothing) and after (a sweep run in between read the refund as still there).
  const follow = async () => {
    for (const returnId of returnIds) await sweeps.reopenReturnSweepItem(returnId)
  }
  await follow()
  await payments.deleteRefunds([refundId])
  await refreshRefundedAmount(payments, paymentId)
  await unbookRefund(container, refundId)
  await follow()
}

// The order's received returns (in full or in part): the ones a removed refund may have been counted for.
async function receivedReturnsOf(container: MedusaContainer, orderId: string | undefined): Promise<string[]> {
  if (!orderId) return []
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "return",
    fields: ["id", "status"],
    filters: { order_id: orderId },
  })
  return (data as { id: string; status?: string | null }[])
    .filter((made) => made.status === ReturnStatus.RECEIVED || made.status === ReturnStatus.PARTIALLY_RECEIVED)
    .map((made) => made.id)
}

/** What the Payment module's own refund updates after recording or deleting one: the collection's refunded total. */
export async function refreshRefundedAmount(payments: IPaymentModuleService, paymentId: string): Promise<void> {
  const payment = await payments.retrievePayment(paymentId, { select: ["id", "payment_collection_id"] })
  const collection = await payments.retrievePaymentCollection(payment.payment_collection_id, { relations: ["payments.refunds"] })
  const refunded = (collection.payments ?? [])
    .flatMap((made) => made.refunds ?? [])
    .reduce((total, made) => MathBN.add(total, MathBN.convert((made.raw_amount ?? made.amount) as BigNumberInput)), MathBN.convert(0))
  await payments.updatePaymentCollections(payment.payment_collection_id, { refunded_amount: refunded } as never)
}

/** The order's summary and payments as they stand now (read under the order's lock). */
export async function loadOrderRefundState(container: MedusaContainer, orderId: string): Promise<OrderRefundState | undefined> {
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "summary",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.created_at",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.raw_amount",
      "transactions.reference",
      "transactions.reference_id",
    ],
    filters: { id: orderId },
  })
  return data[0] as OrderRefundState | undefined
}

/** Medusa as a return's refund uses it, through the application's container. */
export function returnRefundMedusaIn(container: MedusaContainer): ReturnRefundMedusa {
  return {
    bookRefunds: (orderId) => bookOrderRefunds(container, orderId),
    loadOrder: (orderId) => loadOrderRefundState(container, orderId),
    async refundPayment(input) {
      const key = input.metadata[RECORDED_REFUND_KEY]
      // Medusa's workflow passes its input to the Payment module whole: the refund row keeps the key.
      const { errors } = await refundPaymentWorkflow(container).run({ input: input as never, throwOnError: false })
      const payment = await container.resolve<IPaymentModuleService>(Modules.PAYMENT).retrievePayment(input.payment_id, {
        relations: ["refunds"],
      })
      const made = ((payment.refunds ?? []) as { id: string; metadata?: Record<string, unknown> | null }[]).find(
        (refund) => recordedKeyOf(refund) === key
      )
      return made ? { refund_id: made.id } : { error: errors?.[0]?.error }
    },
  }
}
