import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { formatAmount } from "../../lib/money"

type AmountRow = { raw_amount?: unknown; amount?: unknown }

/**
 * What Medusa's payment can still refund: its captures less its refunds, on the raw amounts (Medusa
 * keeps `amount` rounded for display; 38.3295 captured reads 38.33 there), less the refunds of the
 * plugin that Medusa does not show yet (`pendingHalalas`: `pendingInMedusa` of the ledger). The one
 * computation the return's refund, the order card and every other reader use. A BigNumber: round
 * it where a halala amount is needed.
 */
export function medusaRefundable(payment: { captures?: AmountRow[] | null; refunds?: AmountRow[] | null }, pendingHalalas = 0n) {
  return MathBN.sub(MathBN.sub(total(payment.captures), total(payment.refunds)), MathBN.convert(formatAmount(pendingHalalas)))
}

function total(rows: AmountRow[] | null | undefined) {
  return (rows ?? []).reduce(
    (sum, row) => MathBN.add(sum, MathBN.convert((row.raw_amount ?? row.amount ?? 0) as BigNumberInput)),
    MathBN.convert(0)
  )
}
