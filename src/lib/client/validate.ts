import { z } from "zod"
import { FieldIssue, ProtocolError, ValidationError } from "./errors"

/** Turns zod issues into `field: rule` pairs; the value itself is never repeated. */
export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join(".") : "(body)",
    message: issue.message,
  }))
}

/** Checks a request before it is sent; a broken rule throws ValidationError naming each field. */
export function validateRequest<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) {
    return result.data
  }
  const issues = issuesOf(result.error)
  throw new ValidationError({
    message: `Invalid ${what}: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`,
    code: "local_validation",
    issues,
  })
}

/** Parses a 2xx answer; a missing or malformed field is a ProtocolError naming the field path. */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  body: unknown,
  context: { endpoint: string; status: number }
): z.output<S> {
  const result = schema.safeParse(body)
  if (result.success) {
    return result.data
  }
  const fields = issuesOf(result.error)
    .slice(0, 5)
    .map((i) => `${i.field} (${i.message})`)
    .join(", ")
  throw new ProtocolError({
    message: `Unexpected answer from the installments service on ${context.endpoint}: ${fields}`,
    status: context.status,
    code: "unexpected_response",
    endpoint: context.endpoint,
  })
}
