import { StatementFile, StatementParams, StatementReport } from "../schemas/reports"
import { HttpClient, RequestSpec, StreamResponse } from "../http"
import { ProtocolError } from "../errors"
import { validateRequest } from "../validate"

const CONTENT_TYPES = { csv: "text/csv", pdf: "application/pdf" } as const

/** Settlement statement reports (endpoint 8). */
export class Reports {
  constructor(private readonly http: HttpClient) {}

  /** Exports a statement: parsed for `json` (the default), raw bytes for `csv` and `pdf`. */
  statements(params: StatementParams & { format?: "json" }): Promise<StatementReport>
  statements(params: StatementParams & { format: "csv" | "pdf" }): Promise<StatementFile>
  async statements(params: StatementParams): Promise<StatementReport | StatementFile> {
    const body = validateRequest(StatementParams, params, "statement request")
    const format = body.format ?? "json"
    const spec = {
      method: "POST" as const,
      path: "/reports/statements",
      body,
      retry: "transient" as const,
      family: "default" as const,
    }
    if (format === "json") {
      return this.http.json(spec, StatementReport)
    }
    const response = await this.http.raw({ ...spec, accept: CONTENT_TYPES[format] })
    expectContentType(format, response)
    return { format, contentType: response.contentType, data: response.data }
  }

  /**
   * Exports a csv or pdf statement as a stream of the service's bytes, never held whole in memory:
   * for downloads and for reading a year of rows line by line.
   */
  async streamStatement(params: StatementParams & { format: "csv" | "pdf" }): Promise<StatementStream> {
    const body = validateRequest(StatementParams, params, "statement request")
    const format = params.format
    const spec: RequestSpec = {
      method: "POST",
      path: "/reports/statements",
      body,
      retry: "transient",
      family: "default",
      accept: CONTENT_TYPES[format],
    }
    const response = await this.http.stream(spec)
    try {
      expectContentType(format, response)
    } catch (error) {
      response.body.destroy()
      throw error
    }
    return { format, contentType: response.contentType, stream: response.body }
  }
}

/** A csv or pdf statement as it arrives from the service. */
export interface StatementStream {
  format: "csv" | "pdf"
  contentType: string
  stream: StreamResponse["body"]
}

function expectContentType(format: "csv" | "pdf", response: { status: number; contentType: string }): void {
  const expected = CONTENT_TYPES[format]
  if (!response.contentType.toLowerCase().startsWith(expected)) {
    throw new ProtocolError({
      message: `Unexpected answer from the installments service on POST /reports/statements: asked for ${format}, got content type "${response.contentType || "none"}"`,
      status: response.status,
      code: "unexpected_content_type",
      endpoint: "POST /reports/statements",
    })
  }
}
