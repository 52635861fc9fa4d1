import express, { Request } from "express"
import { z } from "zod"
import { formatAmount, toHalalas } from "../../../src/lib/money"
import { requireAuth } from "../auth"
import { SandboxContext } from "../context"
import { codeError, notFound } from "../errors"
import { handle, jsonBody, methodNotAllowed } from "../http"
import { createLink, linkUrl, listLinks, resolveLink, serializeLink } from "../state/links"
import { linkTransactions, serializeTransaction } from "../state/transactions"
import { LinkRecord } from "../state/types"
import { isReversed, utcInstant, utcWindow } from "../validation/dates"
import { Uuid } from "../validation/fields"
import { describeIssues } from "../validation/issues"
import { CreateLinkBody, DetailsPage, ListFilters } from "../validation/links"

const DETAILS_DEFAULT_PAGE_SIZE = 10
// Sandbox limit: every amount it shows must survive as a JSON number (list and resolve send numbers).
const MAX_LINK_AMOUNT = 99_999_999_999n

function requireStore(ctx: SandboxContext, storeId: string): void {
  if (storeId.toLowerCase() !== ctx.config.storeId) {
    throw codeError(404, "store_not_found", `Store ${storeId} does not exist or does not belong to this merchant.`)
  }
}

function findLink(ctx: SandboxContext, id: string): LinkRecord | undefined {
  return Uuid.safeParse(id).success ? ctx.store.state.links[id.toLowerCase()] : undefined
}

/**
 * D7: missing amount/title, non-numeric or non-positive amount and other field errors are 400
 * `invalid_request`; a bad or past `selectedDate` and an amount below the installment threshold are
 * 422 `validation_error`.
 */
function validateCreate(ctx: SandboxContext, body: Record<string, unknown>): CreateLinkBody {
  for (const field of ["amount", "title"]) {
    if (body[field] === undefined || body[field] === null) {
      throw codeError(400, "invalid_request", `${field} is required.`)
    }
  }
  if (typeof body.amount !== "number") {
    throw codeError(400, "invalid_request", "amount must be a number (SAR), e.g. 299.99.")
  }
  const parsed = CreateLinkBody.safeParse(body)
  if (!parsed.success) {
    const dateIssues = parsed.error.issues.filter((issue) => issue.path[0] === "selectedDate")
    if (dateIssues.length === parsed.error.issues.length) {
      throw codeError(422, "validation_error", "selectedDate must be a valid ISO 8601 date-time (UTC), e.g. 2026-01-31T23:59:59Z.")
    }
    throw codeError(
      400,
      "invalid_request",
      describeIssues(new z.ZodError(parsed.error.issues.filter((issue) => issue.path[0] !== "selectedDate")))
    )
  }
  const value = parsed.data
  if (value.selectedDate !== undefined && utcInstant(value.selectedDate) <= ctx.clock.now()) {
    throw codeError(422, "validation_error", "selectedDate must be in the future.")
  }
  if (toHalalas(value.amount) > MAX_LINK_AMOUNT) {
    throw codeError(400, "invalid_request", `amount must be at most ${formatAmount(MAX_LINK_AMOUNT)}.`)
  }
  const minimum = toHalalas(ctx.config.installmentLinkMinimum)
  if (!value.only_show_pay_in_full && toHalalas(value.amount) < minimum) {
    throw codeError(422, "validation_error", `amount must be at least ${formatAmount(minimum)} SAR for bank installment checkout`)
  }
  return value
}

function detailsPage(req: Request): { page: number; page_size: number } {
  // D2: body first, then the query string (sandbox extra); query values are digits only.
  const fromQuery: Record<string, unknown> = {}
  for (const name of ["page", "page_size"]) {
    const raw = req.query[name]
    if (raw !== undefined) {
      fromQuery[name] = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw
    }
  }
  const body = (req.body ?? {}) as Record<string, unknown>
  const merged = {
    ...fromQuery,
    ...(body.page !== undefined ? { page: body.page } : {}),
    ...(body.page_size !== undefined ? { page_size: body.page_size } : {}),
  }
  const parsed = DetailsPage.safeParse(merged)
  if (!parsed.success) {
    throw codeError(400, "invalid_parameters", describeIssues(parsed.error))
  }
  return { page: parsed.data.page ?? 1, page_size: parsed.data.page_size ?? DETAILS_DEFAULT_PAGE_SIZE }
}

/** Endpoints 2 to 5: create, details, list, resolve. */
export function linkRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  const auth = requireAuth(ctx, "code")

  router.post(
    "/payment_links/:storeId/create",
    auth,
    ...jsonBody("code", true),
    handle((req, res) => {
      requireStore(ctx, req.params.storeId)
      const value = validateCreate(ctx, req.body as Record<string, unknown>)
      const link = createLink(ctx, {
        amount: formatAmount(toHalalas(value.amount)),
        title: value.title,
        description: value.description ?? null,
        order_id: value.order_id ?? null,
        single_use: value.singleUse ?? true,
        expires_at: value.selectedDate !== undefined ? utcInstant(value.selectedDate) : null,
        callback_url: value.callback_url ?? null,
        branch: value.branch?.toLowerCase() ?? null,
        metadata: value.metadata ?? null,
        client_first_name: value.client_first_name ?? null,
        client_last_name: value.client_last_name ?? null,
        client_email: value.client_email ?? null,
        client_phone_number: value.client_phone_number ?? null,
        client_street1: value.client_street1 ?? null,
        client_street2: value.client_street2 ?? null,
        client_city: value.client_city ?? null,
        client_state: value.client_state ?? null,
        client_postcode: value.client_postcode ?? null,
        client_country: value.client_country ?? "SA",
        address_required: value.address_required ?? false,
        language: value.language ?? "ar",
        send_sms: value.send_sms ?? true,
        sms_language: value.sms_language ?? "ar",
        passkey_enabled: value.passkey_enabled ?? true,
        only_show_bank_installments: value.only_show_bank_installments ?? false,
        only_show_pay_in_full: value.only_show_pay_in_full ?? false,
      })
      res.locals.payment_link_id = link.id
      res.status(201).json({
        order_id: link.order_id,
        payment_link_id: link.id,
        url: linkUrl(ctx, link.id),
        environment: "SANDBOX",
      })
    })
  )
  router.all("/payment_links/:storeId/create", methodNotAllowed)

  router.post(
    "/payment_links/:storeId/list",
    auth,
    ...jsonBody("code", false),
    handle((req, res) => {
      requireStore(ctx, req.params.storeId)
      const parsed = ListFilters.safeParse(req.body)
      if (!parsed.success) {
        throw codeError(400, "invalid_parameters", describeIssues(parsed.error))
      }
      const query = parsed.data
      const window = utcWindow(query.from_date, query.to_date)
      if (isReversed(window)) {
        throw codeError(400, "invalid_parameters", "from_date: from_date must not be after to_date")
      }
      res.status(200).json(
        listLinks(ctx, {
          page: query.page ?? 1,
          limit: query.limit ?? 20,
          status: query.status,
          from: window.from,
          to: window.to,
          branch: query.branch,
          sortBy: query.sort_by ?? "created_at",
          sortOrder: query.sort_order ?? "desc",
        })
      )
    })
  )
  router.all("/payment_links/:storeId/list", methodNotAllowed)

  const details = handle((req, res) => {
    const link = findLink(ctx, req.params.id)
    if (!link) {
      throw notFound()
    }
    const { page, page_size } = detailsPage(req)
    const transactions = linkTransactions(ctx, link.id)
    const totalPages = Math.max(1, Math.ceil(transactions.length / page_size))
    const start = (page - 1) * page_size
    res.status(200).json({
      payment_link: serializeLink(ctx, link),
      transactions: transactions.slice(start, start + page_size).map((transaction) => serializeTransaction(ctx, transaction)),
      pagination: {
        count: transactions.length,
        page,
        page_size,
        total_pages: totalPages,
        next: page < totalPages,
        previous: page > 1,
      },
    })
  })
  router.post("/payment_links/:id/details", auth, ...jsonBody("code", false), details)
  router.get("/payment_links/:id/details", auth, details)
  router.all("/payment_links/:id/details", methodNotAllowed)

  router.post(
    "/payment_links/:id/resolve",
    auth,
    ...jsonBody("code", false),
    handle((req, res) => {
      const link = findLink(ctx, req.params.id)
      if (!link) {
        throw codeError(404, "payment_link_not_found", `Payment link ${req.params.id} does not exist.`)
      }
      res.status(200).json(resolveLink(ctx, link))
    })
  )
  router.all("/payment_links/:id/resolve", methodNotAllowed)
  return router
}
