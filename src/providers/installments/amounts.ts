import { MedusaError } from "@medusajs/framework/utils"
import { roundMedusaAmount } from "../../lib/money"
import { merchantError, shopperError, type ShopperContext } from "../../installments/messages/service-errors"
import { shopperWords } from "../../installments/messages/shopper-language"

// Medusa does not round its totals (33.33 + 15% VAT = 38.3295): the link is for the total rounded
// half-up to the halala, and the session data stores that 2-decimal amount.
/** The halalas a link is made for: Medusa's amount rounded half-up, refused in the shopper's words when nothing is left. */
export function payableAmount(amount: unknown, context: ShopperContext): bigint {
  let halalas: bigint
  try {
    halalas = roundMedusaAmount(amount)
  } catch (error) {
    throw shopperError(error, context)
  }
  if (halalas <= 0n) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, shopperWords(context.language).amountTooSmall)
  }
  return halalas
}

/** The halalas of a refund Medusa asks for, refused in the merchant's words when it rounds to nothing. */
export function roundRefundAmount(amount: unknown): bigint {
  let halalas: bigint
  try {
    halalas = roundMedusaAmount(amount)
  } catch (error) {
    throw merchantError(error, { action: "read the refund amount" })
  }
  if (halalas <= 0n) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Cannot refund: the amount rounds to 0.00 SAR; the installments service refunds at least 0.01 SAR."
    )
  }
  return halalas
}
