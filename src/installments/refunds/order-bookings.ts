import type { IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { formatAmount, roundMedusaAmount } from "../../lib/money"
import { INSTALLMENTS_MODULE } from "../module-key"
import { registrationIdOf } from "../registrations/provider-ids"
import { recordedKeyOf } from "./keys"

/** A refund of one of the order's payments, as the bookings compare it. */
export interface BookableRefund {
  id: string
  halalas: bigint
  /** The service applied it (a ledger row of it is P or R): only then does the order book it. */
  confirmed: boolean
}

/** One of the order's refund transactions (`reference: "refund"`, `reference_id`: the refund's id). */
export interface RefundBooking {
  id: string
  reference_id: string
  /** What it takes off the order's paid total: the refund's amount, positive. */
  halalas: bigint
}

/** The changes that make the order book each confirmed refund once, at its own amount. */
export interface BookingsPlan {
  remove: string[]
  add: { id: string; halalas: bigint }[]
}

/**
 * The rule of the order's refund transactions for the plugin's payments: each refund the service
 * applied booked once, at its amount; one still in flight not booked (a return subtracts it as in
 * flight, and follows the receipt until it is settled); none for a refund row that is gone. Medusa
 * 2.21's refund workflow books, after its own refund, every refund row of the payment the order does
 * not book yet at the amount of its own run (it maps the payment's refunds with `input.amount`), a
 * row its catch may delete a moment later; and deleting a refund row leaves its transaction.
 * `refunds` are the plugin's payments' refunds; `others` the ids of the order's other refunds.
 */
export function planBookings(
  refunds: readonly BookableRefund[],
  bookings: readonly RefundBooking[],
  others: ReadonlySet<string> = new Set()
): BookingsPlan {
  const plan: BookingsPlan = { remove: [], add: [] }
  for (const refund of refunds) {
    const booked = bookings.filter((booking) => booking.reference_id === refund.id)
    const right = refund.confirmed ? booked.length === 1 && booked[0].halalas === refund.halalas : booked.length === 0
    if (right) continue
    plan.remove.push(...booked.map((booking) => booking.id))
    if (refund.confirmed) plan.add.push({ id: refund.id, halalas: refund.halalas })
  }
  const known = new Set(refunds.map((refund) => refund.id))
  for (const booking of bookings) {
    if (!known.has(booking.reference_id) && !others.has(booking.reference_id)) plan.remove.push(booking.id)
  }
  return plan
}

/** The refunds the ledger says the service applied: a P or R row naming it, or its recorded key. */
export function confirmedRefundIds(
  refunds: readonly { id: string; metadata?: Record<string, unknown> | null }[],
  rows: readonly { medusa_refund_id?: string | null; idempotency_key?: string | null; status?: string | null }[]
): Set<string> {
  const applied = rows.filter((row) => row.status === "P" || row.status === "R")
  const ids = new Set(applied.map((row) => row.medusa_refund_id).filter((id): id is string => !!id))
  const keys = new Set(applied.map((row) => row.idempotency_key).filter((key): key is string => !!key))
  return new Set(refunds.filter((refund) => ids.has(refund.id) || keys.has(recordedKeyOf(refund) ?? "")).map((refund) => refund.id))
}

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type OrderRow = {
  id: string
  currency_code: string
  status?: string | null
  canceled_at?: unknown
  transactions?: { id: string; reference?: string | null; reference_id?: string | null; raw_amount?: unknown; amount?: unknown }[]
  payment_collections?: {
    payments?: {
      provider_id: string
      data?: Record<string, unknown> | null
      refunds?: { id: string; raw_amount?: unknown; amount?: unknown; metadata?: Record<string, unknown> | null }[]
    }[]
  }[]
}

/**
 * Makes the order book each refund of this plugin's payments as planBookings says, from the ledger's
 * word on which the service applied; the Order module moves the summary with each transaction. A
 * canceled order is left as Medusa's cancel booked it (medusa#15306: its refunds are recorded on the
 * payment alone).
 */
export async function bookOrderRefunds(container: MedusaContainer, orderId: string): Promise<void> {
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "status",
      "canceled_at",
      "transactions.id",
      "transactions.reference",
      "transactions.reference_id",
      "transactions.raw_amount",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.raw_amount",
      "payment_collections.payments.refunds.metadata",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order || order.status === "canceled" || order.canceled_at) return
  const payments = (order.payment_collections ?? []).flatMap((collection) => collection.payments ?? [])
  const ours = payments.filter((payment) => registrationIdOf(payment.provider_id))
  const refunds = ours.flatMap((payment) => payment.refunds ?? [])
  const transactionIds = ours.map((payment) => payment.data?.transaction_id).filter((id): id is string => typeof id === "string")
  const rows = transactionIds.length
    ? await container
        .resolve<RefundLedgerReader>(INSTALLMENTS_MODULE)
        .listInstallmentsRefunds({ transaction_id: transactionIds }, { select: ["medusa_refund_id", "idempotency_key", "status"] })
    : []
  const confirmed = confirmedRefundIds(refunds, rows)
  const others = new Set(
    payments
      .filter((payment) => !registrationIdOf(payment.provider_id))
      .flatMap((payment) => (payment.refunds ?? []).map((refund) => refund.id))
  )
  const bookings = (order.transactions ?? [])
    .filter((transaction) => transaction.reference === "refund" && transaction.reference_id)
    .map((transaction) => ({
      id: transaction.id,
      reference_id: transaction.reference_id!,
      halalas: -roundMedusaAmount(transaction.raw_amount ?? transaction.amount),
    }))
  const plan = planBookings(
    refunds.map((refund) => ({
      id: refund.id,
      halalas: roundMedusaAmount(refund.raw_amount ?? refund.amount),
      confirmed: confirmed.has(refund.id),
    })),
    bookings,
    others
  )
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  if (plan.remove.length) {
    await orders.deleteOrderTransactions(plan.remove)
  }
  if (plan.add.length) {
    await orders.addOrderTransactions(
      plan.add.map((refund) => ({
        order_id: order.id,
        currency_code: order.currency_code,
        amount: `-${formatAmount(refund.halalas)}`,
        reference: "refund",
        reference_id: refund.id,
      })) as never
    )
  }
}

type RefundLedgerReader = {
  listInstallmentsRefunds(
    filters: Record<string, unknown>,
    config?: Record<string, unknown>
  ): Promise<{ medusa_refund_id?: string | null; idempotency_key?: string | null; status?: string | null }[]>
}

/** Deletes the order's transactions of a refund row that is gone (the Payment module's delete leaves them). */
export async function unbookRefund(container: MedusaContainer, refundId: string): Promise<void> {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const bookings = await orders.listOrderTransactions({ reference: "refund", reference_id: refundId } as never, { select: ["id"] })
  if (bookings.length) {
    await orders.deleteOrderTransactions(bookings.map((booking) => booking.id))
  }
}

/** The order a payment belongs to, if any. */
export async function orderOfPayment(container: MedusaContainer, paymentId: string): Promise<string | undefined> {
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: paymentId },
  })
  return (data[0] as { payment_collection?: { order?: { id: string } | null } | null } | undefined)?.payment_collection?.order?.id
}
