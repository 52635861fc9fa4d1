import { z } from "zod"

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Epoch ms of an ISO 8601 text read as UTC when it names no offset ("ISO 8601 UTC" in the interface). */
export function parseUtc(text: string): number {
  const normalized = DATE_ONLY.test(text) || HAS_OFFSET.test(text) ? text : `${text.replace(" ", "T")}Z`
  return Date.parse(normalized)
}

/** Like parseUtc, but a bare date as an upper bound means the end of that day, so `to_date=2026-01-31` includes the 31st. */
export function parseUtcUpperBound(text: string): number {
  const at = parseUtc(text)
  return DATE_ONLY.test(text) ? at + 86_400_000 - 1 : at
}

/** "field: message" for each zod issue, as one sentence. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ")
}

/** Zod issues as `{Name, Error}` entries (refund `fields_errors`). */
export function namedIssues(error: z.ZodError): Array<{ Name: string; Error: string }> {
  return error.issues.map((issue) => ({ Name: issue.path.map(String).join(".") || "body", Error: issue.message }))
}
