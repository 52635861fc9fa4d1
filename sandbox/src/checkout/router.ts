import express, { type NextFunction, type Request, type Response } from "express"
import { buildCallbackUrl, callbackOrigin } from "./callback-url"
import { CardSessions } from "./card-sessions"
import { parseChoice } from "./choice"
import { CheckoutRefusedError, type CheckoutEngine, type CheckoutLinkView, type CheckoutOffers } from "./engine"
import { MESSAGES, resolveLanguage } from "./i18n"
import { setPageHeaders } from "./security-headers"
import {
  cardPage,
  closedPage,
  errorPage,
  notFoundPage,
  offersPage,
  pageUrl,
  resultPage,
  type OffersView,
  type PageContext,
} from "./views"

interface OpenLink {
  ctx: PageContext
  link: CheckoutLinkView
}

type AsyncHandler = (req: Request, res: Response) => Promise<void>

function asyncRoute(handler: AsyncHandler) {
  return (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res).catch(next)
  }
}

function field(req: Request, name: string): string {
  const body = (req.body ?? {}) as Record<string, unknown>
  const value = body[name]
  return typeof value === "string" ? value : ""
}

function send(res: Response, status: number, page: string): void {
  res.status(status).send(page)
}

// Expired links are gone for good (410); a paid link is a normal state to land on again (200).
function closedStatus(link: CheckoutLinkView): number {
  return link.status === "expired" ? 410 : 200
}

/**
 * Looks the link up, sets the page headers and answers by itself when there is nothing to pay
 * (unknown, expired, already paid); returns the link only when it still takes payments.
 */
function openLink(engine: CheckoutEngine, req: Request, res: Response): OpenLink | null {
  const linkId = req.params.id
  const link = engine.findLink(linkId)
  const ctx: PageContext = {
    lang: resolveLanguage(req.query.lang, link?.language ?? "ar"),
    base: req.baseUrl,
    linkId,
  }
  setPageHeaders(res, callbackOrigin(link?.callback_url ?? null))
  if (!link) {
    send(res, 404, notFoundPage(ctx))
    return null
  }
  if (link.status !== "valid") {
    send(res, closedStatus(link), closedPage(ctx, link))
    return null
  }
  return { ctx, link }
}

// The link's only_show_* flags win over whatever the engine offers.
function offersView(link: CheckoutLinkView, offers: CheckoutOffers, cardToken: string): OffersView {
  const plans = link.only_show_pay_in_full ? [] : offers.plans
  return {
    offers,
    plans,
    payInFull: offers.pay_in_full && !link.only_show_bank_installments,
    reason: !link.only_show_pay_in_full && plans.length === 0 ? offers.reason : null,
    cardToken,
  }
}

/** Hosted checkout pages: `GET /payment-link/:id`, then card, pay and cancel form posts beneath it. */
/** Sends the customer back to the link's callback URL with the outcome, or shows it when there is none. */
function returnToStore(
  res: Response,
  ctx: Parameters<typeof resultPage>[0],
  link: CheckoutLinkView,
  status: Parameters<typeof resultPage>[2],
  transactionId: string | null,
  message: string | null
): void {
  const target = buildCallbackUrl(link.callback_url, {
    payment_link_id: link.id,
    ...(transactionId ? { transaction_id: transactionId } : {}),
    status,
  })
  if (target) {
    res.redirect(303, target)
    return
  }
  send(res, 200, resultPage(ctx, link, status, transactionId, message))
}

export function createCheckoutRouter(engine: CheckoutEngine): express.Router {
  const router = express.Router()
  const cards = new CardSessions()
  const form = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 })

  router.get("/payment-link/:id", (req, res) => {
    const open = openLink(engine, req, res)
    if (open) {
      send(res, 200, cardPage(open.ctx, open.link))
    }
  })

  // A refresh or bookmark of a form target lands on the page instead of a bare 404.
  router.get("/payment-link/:id/:step(card|pay|cancel)", (req, res) => {
    const lang = resolveLanguage(req.query.lang, engine.findLink(req.params.id)?.language ?? "ar")
    res.redirect(303, pageUrl({ lang, base: req.baseUrl, linkId: req.params.id }))
  })

  router.post("/payment-link/:id/card", form, (req, res) => {
    const open = openLink(engine, req, res)
    if (!open) {
      return
    }
    const { ctx, link } = open
    // People type card numbers with spaces or dashes; the engine judges the digits.
    const cardNumber = field(req, "card_number").replace(/[\s-]/g, "")
    let offers: CheckoutOffers
    try {
      offers = engine.offers(link.id, cardNumber)
    } catch (error) {
      if (error instanceof CheckoutRefusedError) {
        send(res, 422, cardPage(ctx, link, error.message))
        return
      }
      throw error
    }
    const token = cards.create(link.id, cardNumber)
    send(res, 200, offersPage(ctx, link, offersView(link, offers, token)))
  })

  router.post(
    "/payment-link/:id/pay",
    form,
    asyncRoute(async (req, res) => {
      const open = openLink(engine, req, res)
      if (!open) {
        return
      }
      const { ctx, link } = open
      const t = MESSAGES[ctx.lang]
      const token = field(req, "card_token")
      const cardNumber = cards.get(token, link.id)
      if (!cardNumber) {
        send(res, 422, cardPage(ctx, link, t.cardSessionExpired))
        return
      }
      const choiceValue = field(req, "choice")
      const address = field(req, "address").trim()

      const showAgain = (message: string): void => {
        const current = engine.findLink(link.id)
        if (!current || current.status !== "valid") {
          cards.delete(token)
          send(res, current ? closedStatus(current) : 404, current ? closedPage(ctx, current) : notFoundPage(ctx))
          return
        }
        try {
          const view = offersView(current, engine.offers(current.id, cardNumber), token)
          send(res, 422, offersPage(ctx, current, { ...view, choice: choiceValue, address }, message))
        } catch (error) {
          if (!(error instanceof CheckoutRefusedError)) {
            throw error
          }
          cards.delete(token)
          send(res, 422, cardPage(ctx, current, message))
        }
      }

      const choice = parseChoice(choiceValue)
      if (!choice) {
        showAgain(t.chooseOptionError)
        return
      }
      if (link.address_required && !address) {
        showAgain(t.addressRequiredError)
        return
      }
      let result
      try {
        result = await engine.pay(link.id, {
          card_number: cardNumber,
          ...choice,
          ...(link.address_required ? { address } : {}),
        })
      } catch (error) {
        if (error instanceof CheckoutRefusedError) {
          showAgain(error.message)
          return
        }
        throw error
      }
      // One attempt per card entry: a retry goes through the card step and its checks again.
      cards.delete(token)
      returnToStore(res, ctx, link, result.status, result.transaction_id, result.message)
    })
  )

  router.post(
    "/payment-link/:id/cancel",
    form,
    asyncRoute(async (req, res) => {
      const open = openLink(engine, req, res)
      if (!open) {
        return
      }
      const { ctx, link } = open
      try {
        await engine.cancel(link.id)
      } catch (error) {
        if (error instanceof CheckoutRefusedError) {
          send(res, 422, cardPage(ctx, link, error.message))
          return
        }
        throw error
      }
      returnToStore(res, ctx, link, "cancelled", null, null)
    })
  )

  // Only errors raised by the routes above reach this: body-parser's 4xx keep their status, the
  // rest become a bare 500 page that reveals nothing about the cause.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error)
      return
    }
    const status = (error as { status?: unknown }).status
    setPageHeaders(res, null)
    send(
      res,
      typeof status === "number" && status >= 400 && status < 500 ? status : 500,
      errorPage(resolveLanguage(req.query.lang, "ar"))
    )
  })

  return router
}
