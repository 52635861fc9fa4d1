import { z } from "zod"

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
