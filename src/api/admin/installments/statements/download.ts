import type { MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { pipeline } from "node:stream/promises"
import type { Readable } from "node:stream"

/** The download name of a statement file: `<prefix>-2026-11-01_2026-11-30.csv`. */
export function statementFileName(prefix: string, from: string, to: string, extension: string): string {
  return `${prefix}-${from.slice(0, 10)}_${to.slice(0, 10)}.${extension}`
}

/**
 * Streams a file to the admin as a download, chunk by chunk with backpressure, never whole in
 * memory. A failure after the first byte can only cut the download short: the connection is closed
 * so the browser reports a failed download instead of saving a truncated file as complete.
 */
export async function sendDownload(res: MedusaResponse, file: { contentType: string; name: string; body: Readable }, logger: Logger) {
  res.status(200)
  res.setHeader("Content-Type", file.contentType)
  res.setHeader("Content-Disposition", `attachment; filename="${file.name}"`)
  res.setHeader("Cache-Control", "no-store")
  try {
    await pipeline(file.body, res)
  } catch (error) {
    if (!res.headersSent) {
      throw error
    }
    logger.error(`installments: download ${file.name} cut short: ${(error as Error).message}`)
    res.destroy()
  }
}
