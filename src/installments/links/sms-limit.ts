import { container } from "@medusajs/framework"
import { createHmac, randomUUID } from "node:crypto"
import { INSTALLMENTS_MODULE } from "../module-key"

/** The window of the SMS limit: the last hour. */
export const SMS_WINDOW_MS = 60 * 60_000

/** Counts an SMS against the limit, atomically across processes (the plugin's module, claimSms). */
export interface SmsClaimer {
  claimSms(input: { customer_id: string; phone_hash: string; limit: number; since: Date }): Promise<boolean>
}

/** What the limit needs to know of a checkout that would text its link. */
export interface SmsRequest {
  customerId: string
  /** E.164, as the link request sends it. */
  phone: string
  /** The registration's secret key: the phone is kept as a keyed hash, never as the number. */
  secretKey: string
  /** At most this many SMS per customer and per phone in the last hour (`smsLimitPerHour`). */
  limit: number
  now?: Date
  logger?: { info(message: string): void; warn(message: string): void }
}

/** The phone number as the plugin keeps it: HMAC-SHA256 under the registration's secret key. */
export function phoneHash(secretKey: string, phone: string): string {
  return createHmac("sha256", secretKey).update(phone).digest("hex")
}

/**
 * Whether a checkout's link may be texted (D38): yes while the customer and the phone each had fewer
 * than `limit` SMS in the last hour, the SMS then counted; otherwise, or when the count cannot be
 * read, the link is made without one (a shopper still gets the hosted page) and the log says why.
 */
export async function claimSms(claimer: SmsClaimer, request: SmsRequest): Promise<boolean> {
  const now = request.now ?? new Date()
  const last4 = request.phone.slice(-4)
  try {
    const allowed = await claimer.claimSms({
      customer_id: request.customerId,
      phone_hash: phoneHash(request.secretKey, request.phone),
      limit: request.limit,
      since: new Date(now.getTime() - SMS_WINDOW_MS),
    })
    if (!allowed) {
      request.logger?.info(
        `installments: SMS limit reached (${request.limit} an hour) for customer ${request.customerId} or phone …${last4}; the link is made without SMS`
      )
    }
    return allowed
  } catch (error) {
    request.logger?.warn(
      `installments: could not count the SMS for customer ${request.customerId} (${(error as Error).message}); the link is made without SMS`
    )
    return false
  }
}

/** What the limit needs to know of a link staff make for a typed number. */
export interface StaffSmsRequest {
  phone: string
  secretKey: string
  limit: number
  now?: Date
}

/**
 * Whether a link staff make may be texted to `phone` (D56): yes while the number had fewer than
 * `limit` SMS in the last hour, checkout's and staff's alike, the SMS then counted. Only the number is
 * limited: each claim names a customer of its own, since one member of staff texts many shoppers.
 * Throws when the count cannot be read: the caller refuses rather than texting uncounted.
 */
export async function claimStaffSms(claimer: SmsClaimer, request: StaffSmsRequest): Promise<boolean> {
  const now = request.now ?? new Date()
  return claimer.claimSms({
    customer_id: `staff-link:${randomUUID()}`,
    phone_hash: phoneHash(request.secretKey, request.phone),
    limit: request.limit,
    since: new Date(now.getTime() - SMS_WINDOW_MS),
  })
}

/**
 * The SMS counter for the payment provider. Medusa builds the provider in the Payment module's
 * container, which cannot resolve the plugin's module: it is reached through the application's
 * container when a link is made. A cradle that registers `installmentsSmsClaimer` (tests) is used instead.
 */
export function smsClaimerFor(cradle: Record<string, unknown>): SmsClaimer {
  let injected: SmsClaimer | undefined
  try {
    injected = cradle.installmentsSmsClaimer as SmsClaimer | undefined
  } catch {
    // An awilix cradle throws for a name it does not know: the application's container it is.
  }
  return injected ?? { claimSms: (input) => container.resolve<SmsClaimer>(INSTALLMENTS_MODULE).claimSms(input) }
}
