const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long a checkout's record is kept (D46): two years and a day, so a year's window can be set
 * beside the same window a year before. Orders, payments and refunds are Medusa's own records and
 * are not pruned by the plugin.
 */
export const CHECKOUT_RETENTION_DAYS = 731

/** Checkout records of sessions started before this time may be deleted. */
export function checkoutsPrunedBefore(now: Date): Date {
  return new Date(now.getTime() - CHECKOUT_RETENTION_DAYS * DAY_MS)
}
