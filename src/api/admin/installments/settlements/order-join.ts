import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { formatAmount, roundMedusaAmount } from "../../../../lib/money"
import type { StatementRow } from "../../../../lib/statements/statement-row"
import { sourceOfRefundKey } from "../../../../installments/refunds/keys"

/** The Medusa order a statement row's transaction paid for. */
export interface RowOrder {
  id: string
  display_id: number | null
  customer: { name: string; email: string | null } | null
  /** The order's total, "1200.00". */
  amount: string | null
}

/**
 * Why a row has no order: `not_this_store` (no payment of this store, no link made in its admin:
 * paid elsewhere on the same merchant account), `orphan_refunded` (a payment no order recorded,
 * which the plugin refunded).
 */
export type RowFlag = null | "not_this_store" | "orphan_refunded"

export type JoinedRow = StatementRow & { order: RowOrder | null; flag: RowFlag; payment_link_id: string | null }

type OrderGraph = {
  id: string
  display_id?: number | null
  email?: string | null
  total?: unknown
  customer?: { first_name?: string | null; last_name?: string | null; email?: string | null } | null
}

type PaymentGraph = { id: string; payment_collection?: { order?: OrderGraph | null } | null }

/**
 * Joins a batch of statement rows to this store's orders with a fixed number of queries whatever
 * the batch size: the payments holding the batch's transactions, their orders, the plugin's refund
 * ledger and the links made in the admin. A batch's ids are one bound array (`= any(?)`), not a
 * thousand parameters.
 */
export async function joinRowsToOrders(container: MedusaContainer, rows: StatementRow[]): Promise<JoinedRow[]> {
  const ids = [...new Set(rows.map((row) => row.transaction_id))]
  if (!ids.length) {
    return []
  }
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  // The plugin's ledger and admin links are read with SQL, not the module's list methods: those
  // allocate about six times as much per batch, all of it live until the batch is joined.
  const [orders, ledger, links] = await Promise.all([
    ordersByTransaction(container, knex, ids),
    rowsOf<{ transaction_id: string; idempotency_key: string }>(
      knex.raw(
        `select transaction_id, idempotency_key from installments_refund where deleted_at is null and transaction_id = any(?)`,
        [ids]
      )
    ),
    rowsOf<{ transaction_id: string; payment_link_id: string }>(
      knex.raw(
        `select transaction_id, payment_link_id from installments_payment_link where deleted_at is null and transaction_id = any(?)`,
        [ids]
      )
    ),
  ])
  const refundedByPlugin = new Set(
    ledger
      .filter((entry) => {
        const source = sourceOfRefundKey(entry.idempotency_key, entry.transaction_id)
        return source === "orphan" || source === "canceled-order"
      })
      .map((entry) => entry.transaction_id)
  )
  const linkByTransaction = new Map(links.map((link) => [link.transaction_id, link.payment_link_id]))
  return rows.map((row) => {
    const order = orders.get(row.transaction_id) ?? null
    const paymentLinkId = linkByTransaction.get(row.transaction_id) ?? null
    let flag: RowFlag = null
    if (!order && !paymentLinkId) {
      flag = refundedByPlugin.has(row.transaction_id) ? "orphan_refunded" : "not_this_store"
    }
    return {
      type: row.type,
      date: row.date,
      transaction_id: row.transaction_id,
      payment_option: row.payment_option,
      bank_name: row.bank_name,
      amount: row.amount,
      service_fee: row.service_fee,
      service_tax_vat: row.service_tax_vat,
      refund_amount: row.refund_amount,
      net_amount: row.net_amount,
      settlement_id: row.settlement_id,
      order,
      flag,
      payment_link_id: paymentLinkId,
    }
  })
}

// Medusa keeps the transaction id inside the payment's data (a JSON column the Payment module cannot
// filter on), so the payments are found in one SQL statement, then read through Query.
async function ordersByTransaction(container: MedusaContainer, knex: Knex, transactionIds: string[]): Promise<Map<string, RowOrder>> {
  const matches = await rowsOf<{ id: string; transaction_id: string }>(
    knex.raw(
      `select id, data->>'transaction_id' as transaction_id from payment
        where deleted_at is null and provider_id like ? and data->>'transaction_id' = any(?)`,
      ["pp\\_installments\\_%", transactionIds]
    )
  )
  if (!matches.length) {
    return new Map()
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "payment_collection.order.id",
      "payment_collection.order.display_id",
      "payment_collection.order.email",
      "payment_collection.order.total",
      "payment_collection.order.customer.first_name",
      "payment_collection.order.customer.last_name",
      "payment_collection.order.customer.email",
    ],
    filters: { id: matches.map((match) => match.id) },
  })
  const orderByPayment = new Map((data as PaymentGraph[]).map((payment) => [payment.id, payment.payment_collection?.order]))
  const result = new Map<string, RowOrder>()
  for (const match of matches) {
    const order = orderByPayment.get(match.id)
    if (order) {
      result.set(match.transaction_id, rowOrder(order))
    }
  }
  return result
}

async function rowsOf<T>(result: PromiseLike<{ rows: T[] }>): Promise<T[]> {
  return (await result).rows
}

function rowOrder(order: OrderGraph): RowOrder {
  const name = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(" ")
  const email = order.customer?.email ?? order.email ?? null
  return {
    id: order.id,
    display_id: order.display_id ?? null,
    customer: name || email ? { name, email } : null,
    amount: order.total === undefined || order.total === null ? null : formatAmount(roundMedusaAmount(order.total)),
  }
}
