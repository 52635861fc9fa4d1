/**
 * Gives the settlements chart a month to show: the demo's own orders are all paid out on one day, so
 * the sandbox adds six settled payments spread from the first of the month to yesterday, straight to
 * its statement (they show as paid elsewhere on the merchant account, `not_this_store`). They fall on
 * the same days every run, so a run without `--reset` adds lines, not payouts. Nothing is added on
 * the first of a month.
 */
export async function seedMonthOfPayouts(sandboxUrl: string): Promise<void> {
  const today = new Date()
  const days = today.getUTCDate() - 1
  if (days < 1) {
    return
  }
  const day = (date: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), date, 8)).toISOString()
  const response = await fetch(`${sandboxUrl}/__sandbox/statements/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: Math.min(6, days), from: day(1), to: day(days), refund_every: 3 }),
  })
  if (!response.ok) {
    throw new Error(`seeding the sandbox's statement failed: ${response.status} ${await response.text()}`)
  }
}
