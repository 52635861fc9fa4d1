import { randomUUID } from "node:crypto"
import { toHalalas, toWireNumber } from "../../../src/lib/money"
import { eligibleBanks } from "../../../src/lib/plans"
import { isoWithOffset } from "../clock"
import { SandboxContext } from "../context"
import { scaleAmount } from "./transactions"
import { LinkRecord } from "./types"

export type LinkStatus = "Unpaid" | "Paid" | "Expired"
export type ResolveStatus = "valid" | "expired" | "already_paid"

const DAY_MS = 86_400_000

/** What creation needs beyond the validated request: the fields the request may leave out are already defaulted. */
export type NewLink = Omit<
  LinkRecord,
  "id" | "seq" | "store_id" | "created_at" | "expires_at" | "paid_at" | "paid_transaction_id" | "expiry_notified"
> & {
  expires_at: number | null
}

/** Link status at the sandbox's current time (the link state table). */
export function linkStatus(link: LinkRecord, now: number): LinkStatus {
  if (link.paid_at !== null) {
    return "Paid"
  }
  return now >= link.expires_at ? "Expired" : "Unpaid"
}

/** Resolve's view of the status (D10). */
export function resolveStatus(link: LinkRecord, now: number): ResolveStatus {
  const status = linkStatus(link, now)
  return status === "Paid" ? "already_paid" : status === "Expired" ? "expired" : "valid"
}

/** The hosted checkout URL of a link. */
export function linkUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.urls.pay}/payment-link/${id}`
}

/** Stores a new link and schedules its expiry (D8). */
export function createLink(ctx: SandboxContext, input: NewLink): LinkRecord {
  const now = ctx.clock.now()
  const link: LinkRecord = {
    ...input,
    id: randomUUID(),
    seq: ctx.store.nextSeq(),
    store_id: ctx.config.storeId,
    created_at: now,
    expires_at: input.expires_at ?? now + ctx.config.linkTtlDays * DAY_MS,
    paid_at: null,
    paid_transaction_id: null,
    expiry_notified: false,
  }
  ctx.store.state.links[link.id] = link
  ctx.scheduler.at(expiryJob(link.id), link.expires_at)
  ctx.store.changed()
  return link
}

/** Scheduler key of a link's expiry. */
export function expiryJob(linkId: string): string {
  return `expire:${linkId}`
}

/** Runs when a link's expiry time comes: emits `payment_link.expired` once for an unpaid link. */
export function onLinkExpiry(ctx: SandboxContext, linkId: string): void {
  const link = ctx.store.state.links[linkId]
  if (!link || link.expiry_notified || linkStatus(link, ctx.clock.now()) !== "Expired") {
    return
  }
  link.expiry_notified = true
  ctx.store.changed()
  ctx.events.emit("payment_link.expired", serializeLink(ctx, link))
}

/** Expires a link now (control API); false when it is not unpaid. */
export function expireLinkNow(ctx: SandboxContext, link: LinkRecord): boolean {
  const now = ctx.clock.now()
  if (linkStatus(link, now) !== "Unpaid") {
    return false
  }
  link.expires_at = now
  ctx.store.changed()
  ctx.scheduler.cancel(expiryJob(link.id))
  onLinkExpiry(ctx, link.id)
  return true
}

/** Closes a single-use link on its first successful authorization (D11). */
export function closeOnSuccess(ctx: SandboxContext, link: LinkRecord, transactionId: string): void {
  const now = ctx.clock.now()
  // An expired link never turns Paid (callers refuse such payments; this keeps the state table honest).
  if (!link.single_use || link.paid_at !== null || now >= link.expires_at) {
    return
  }
  link.paid_at = now
  link.paid_transaction_id = transactionId
  ctx.scheduler.cancel(expiryJob(link.id))
  ctx.store.changed()
}

/** The `payment_link` object of the details response (and of `payment_link.expired`). */
export function serializeLink(ctx: SandboxContext, link: LinkRecord): Record<string, unknown> {
  const now = ctx.clock.now()
  const status = linkStatus(link, now)
  const offset = ctx.config.timezoneOffsetMinutes
  const fullName = [link.client_first_name, link.client_last_name].filter(Boolean).join(" ")
  return {
    id: link.id,
    status,
    amount: scaleAmount(link.amount, ctx.config.amountScale),
    title: link.title,
    description: link.description ?? "",
    single_use: link.single_use,
    enabled: status === "Unpaid",
    expiry_date: isoWithOffset(link.expires_at, offset),
    created_at: isoWithOffset(link.created_at, offset),
    is_expired: status === "Expired",
    environment_type: "SANDBOX",
    order_id: link.order_id ?? "",
    callback_url: link.callback_url ?? "",
    metadata: link.metadata ?? {},
    merchant_business_name: ctx.config.merchantName,
    merchant_english_business_name: ctx.config.merchantEnglishName,
    merchant_country_code: "SA",
    merchant_id: ctx.store.state.credentials.merchantId,
    created_by_username: "sandbox-merchant",
    created_by_email: ctx.config.merchantEmail,
    client_first_name: link.client_first_name ?? "",
    client_last_name: link.client_last_name ?? "",
    full_name: fullName,
    client_email: link.client_email ?? "",
    client_phone_number: link.client_phone_number ?? "",
    address_required: link.address_required,
    has_customer_details: Boolean(link.client_first_name || link.client_last_name || link.client_email || link.client_phone_number),
    has_address_details: Boolean(link.client_street1 || link.client_city || link.client_postcode),
    only_show_bank_installments: link.only_show_bank_installments,
    only_show_pay_in_full: link.only_show_pay_in_full,
    passkey_enabled: link.passkey_enabled,
  }
}

/** One element of the list response's `data`. */
export function listRecord(ctx: SandboxContext, link: LinkRecord): Record<string, unknown> {
  return {
    payment_link_id: link.id,
    amount: toWireNumber(toHalalas(link.amount)),
    currency: "SAR",
    status: linkStatus(link, ctx.clock.now()),
    title: link.title,
    description: link.description,
    single_use: link.single_use,
    branch_name: link.branch ? (ctx.config.branches[link.branch] ?? `Branch ${link.branch.slice(0, 8)}`) : null,
    created_at: new Date(link.created_at).toISOString(),
    customer: {
      first_name: link.client_first_name,
      last_name: link.client_last_name,
      email: link.client_email,
      phone: link.client_phone_number,
    },
    url: linkUrl(ctx, link.id),
  }
}

/** Bank codes and tenures a link offers (D9); none for pay-in-full-only links. */
export function linkBanks(ctx: SandboxContext, link: LinkRecord): { banks: string[]; tenures: number[] } {
  if (link.only_show_pay_in_full) {
    return { banks: [], tenures: [] }
  }
  const banks = eligibleBanks(link.amount, ctx.config.banks)
  const tenures = [...new Set(banks.flatMap((bank) => bank.tenures))].sort((a, b) => a - b)
  return { banks: banks.map((bank) => bank.bank_code), tenures }
}

/** The resolve response (endpoint 5). */
export function resolveLink(ctx: SandboxContext, link: LinkRecord): Record<string, unknown> {
  const { banks, tenures } = linkBanks(ctx, link)
  return {
    status: resolveStatus(link, ctx.clock.now()),
    payment_link_id: link.id,
    amount: toWireNumber(toHalalas(link.amount)),
    currency: "SAR",
    merchant_name: ctx.config.merchantName,
    supported_banks: banks,
    installment_tenures: tenures,
    expires_at: new Date(link.expires_at).toISOString(),
  }
}

export interface ListFilter {
  page: number
  limit: number
  status?: LinkStatus
  from?: number
  to?: number
  branch?: string
  sortBy: "created_at" | "amount"
  sortOrder: "asc" | "desc"
}

/** The list response (endpoint 4) for the merchant's store. */
export function listLinks(ctx: SandboxContext, filter: ListFilter): Record<string, unknown> {
  const now = ctx.clock.now()
  const storeId = ctx.config.storeId
  const matches = Object.values(ctx.store.state.links).filter(
    (link) =>
      link.store_id === storeId &&
      (filter.status === undefined || linkStatus(link, now) === filter.status) &&
      (filter.from === undefined || link.created_at >= filter.from) &&
      (filter.to === undefined || link.created_at <= filter.to) &&
      (filter.branch === undefined || link.branch?.toLowerCase() === filter.branch.toLowerCase())
  )
  const direction = filter.sortOrder === "asc" ? 1 : -1
  matches.sort((a, b) => {
    const primary = filter.sortBy === "amount" ? compareAmounts(a.amount, b.amount) : Math.sign(a.created_at - b.created_at)
    return (primary !== 0 ? primary : Math.sign(a.seq - b.seq)) * direction
  })
  const start = (filter.page - 1) * filter.limit
  return {
    total: matches.length,
    page: filter.page,
    limit: filter.limit,
    data: matches.slice(start, start + filter.limit).map((link) => listRecord(ctx, link)),
  }
}

function compareAmounts(a: string, b: string): number {
  const left = toHalalas(a)
  const right = toHalalas(b)
  return left < right ? -1 : left > right ? 1 : 0
}
