import express from "express"
import { requireAuth } from "../auth"
import { binLookupBody, parseLookupAmount } from "../catalog/bins"
import { SandboxContext } from "../context"
import { messageError } from "../errors"
import { handle, methodNotAllowed, queryString, requireJsonAccept } from "../http"
import { isBin } from "../validation/bins"

/** Endpoint 1: `GET /check/bin_numbers_lookup/`. */
export function binRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  const path = "/check/bin_numbers_lookup/"
  router.get(
    path,
    requireAuth(ctx, "bin"),
    requireJsonAccept,
    handle((req, res) => {
      const bin = queryString(req, "bin")
      if (typeof bin !== "string" || !isBin(bin)) {
        throw messageError(400, "bin must be 6 to 8 digits.")
      }
      const amountText = queryString(req, "amount")
      let amount: bigint | undefined
      if (amountText === null) {
        throw messageError(400, "amount must be a valid number.")
      }
      // Given but empty (`amount=`) is not a number either; only a missing parameter means "no amount".
      if (amountText !== undefined) {
        const parsed = parseLookupAmount(amountText)
        if (parsed === "invalid") {
          throw messageError(400, "amount must be a valid number.")
        }
        amount = parsed
      }
      res.status(200).json(binLookupBody(bin, amount, ctx.config.banks))
    })
  )
  router.all(path, methodNotAllowed)
  return router
}
