/**
 * Error answers. docs/service-api.md gives each endpoint family its own body shape, so routes throw an
 * ApiError carrying the exact body and the app's error handler writes it unchanged.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {}
  ) {
    super(typeof body.message === "string" ? body.message : typeof body.detail === "string" ? body.detail : `HTTP ${status}`)
    this.name = "ApiError"
  }
}

/** Payment link, report and webhook registration shape: `{error, message, status_code}`. */
export function codeError(status: number, error: string, message: string): ApiError {
  return new ApiError(status, { error, message, status_code: status })
}

/** Transaction and generic shape: `{detail}`. */
export function detailError(status: number, detail: string): ApiError {
  return new ApiError(status, { detail })
}

/** BIN lookup 400 shape: `{message}`. */
export function messageError(status: number, message: string): ApiError {
  return new ApiError(status, { message })
}

/** One entry of a refund error's `validation_errors` or `fields_errors`. */
export interface NamedError {
  Name: string
  Error: string
}

/** Refund 400 shape: `{message, validation_errors, fields_errors}`. */
export function refundError(message: string, validationErrors: NamedError[] = [], fieldsErrors: NamedError[] = []): ApiError {
  return new ApiError(400, { message, validation_errors: validationErrors, fields_errors: fieldsErrors })
}

/** 404 for unknown links, transactions and routes (D6). */
export function notFound(): ApiError {
  return detailError(404, "Not found.")
}
