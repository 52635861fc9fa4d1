import express from "express"
import { toHalalas } from "../../../src/lib/money"
import { requireAuth } from "../auth"
import { SandboxContext } from "../context"
import { detailError, notFound, refundError } from "../errors"
import { handle, jsonBody, methodNotAllowed, requireJsonAccept } from "../http"
import { acceptRefund, NOT_ALLOWED, NOT_REFUNDABLE, replay } from "../state/refunds"
import { serializeTransaction, withinRefundWindow } from "../state/transactions"
import { Uuid } from "../validation/fields"
import { namedIssues } from "../validation/issues"
import { RefundRequest } from "../validation/refunds"

function readRefundBody(body: Record<string, unknown>): {
  amount: bigint
  reason: string | null
  metadata: Record<string, unknown> | null
} {
  if (body.refund_amount === undefined || body.refund_amount === null) {
    throw refundError("refund_amount: This field is required.", [], [{ Name: "refund_amount", Error: "This field is required." }])
  }
  if (typeof body.refund_amount !== "number") {
    throw refundError(
      "refund_amount: A valid number is required.",
      [],
      [{ Name: "refund_amount", Error: "A valid number is required." }]
    )
  }
  const parsed = RefundRequest.safeParse(body)
  if (!parsed.success) {
    const fields = namedIssues(parsed.error)
    throw refundError(fields.map((field) => `${field.Name}: ${field.Error}`).join("; "), [], fields)
  }
  return {
    amount: toHalalas(parsed.data.refund_amount),
    reason: parsed.data.reason ?? null,
    metadata: parsed.data.metadata ?? null,
  }
}

/** Endpoints 6 and 7: transaction details and refunds (with the redirect of the slash-less refund path). */
export function transactionRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  const auth = requireAuth(ctx, "detail")

  router.get(
    "/transactions/:id",
    auth,
    requireJsonAccept,
    handle((req, res) => {
      const transaction = Uuid.safeParse(req.params.id).success ? ctx.store.state.transactions[req.params.id.toLowerCase()] : undefined
      if (!transaction || transaction.store_id !== ctx.config.storeId) {
        throw notFound()
      }
      res.status(200).json(serializeTransaction(ctx, transaction))
    })
  )
  router.all("/transactions/:id", (req, res, next) => {
    if (req.params.id === "refund") {
      return next()
    }
    methodNotAllowed(req, res, next)
  })

  // Without the trailing slash the service redirects and refunds nothing (docs/service-api.md, endpoint 7).
  router.all("/transactions/refund/:id", (req, res) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : ""
    res.redirect(301, `/transactions/refund/${encodeURIComponent(req.params.id)}/${query}`)
  })

  router.post(
    "/transactions/refund/:id/",
    auth,
    ...jsonBody("refund", true),
    handle((req, res) => {
      const id = req.params.id.toLowerCase()
      const transaction = Uuid.safeParse(id).success ? ctx.store.state.transactions[id] : undefined
      // Unknown, foreign and never-captured transactions share one 403 (not 404).
      if (!transaction || transaction.store_id !== ctx.config.storeId || transaction.base_status !== "success") {
        throw detailError(403, NOT_ALLOWED)
      }
      const request = readRefundBody(req.body as Record<string, unknown>)
      const keyHeader = req.headers["idempotency-key"]
      const idempotencyKey = typeof keyHeader === "string" && keyHeader.trim() !== "" ? keyHeader.trim() : undefined
      // The interface types refund_tracker[].idempotency_key as a UUID: a key of another shape is refused
      // here, so a client that sends one learns it from the sandbox, not from the live service (D53).
      if (idempotencyKey !== undefined && !Uuid.safeParse(idempotencyKey).success) {
        throw refundError(
          "Idempotency-Key: Must be a valid UUID.",
          [],
          [{ Name: "Idempotency-Key", Error: "Must be a valid UUID, such as 3b241101-e2bb-4255-8caf-4136c566a962." }]
        )
      }
      const replayed = replay(ctx, transaction.id, idempotencyKey, request.amount)
      if (replayed) {
        res.status(200).set("Idempotent-Replayed", "true").json(replayed)
        return
      }
      if (!withinRefundWindow(ctx, transaction)) {
        throw detailError(403, NOT_REFUNDABLE)
      }
      res.status(200).json(acceptRefund(ctx, transaction, { transactionId: transaction.id, ...request, idempotencyKey }))
    })
  )
  router.all("/transactions/refund/:id/", methodNotAllowed)
  return router
}
