import { Transform, pipeline, type Readable } from "node:stream"
import { AnswerTooLargeError } from "./errors"

/**
 * How much of the service's answers the client reads (D36): a broken or hostile service cannot
 * make it hold more than this in memory, or stream more than this to the admin.
 */
export interface AnswerLimits {
  /** A 2xx answer read whole (JSON, a statement file asked for as bytes): 4 MiB. */
  answerBytes: number
  /** An error answer: its first 64 KiB are read for the service's reason, the rest is not. */
  errorBytes: number
  /** A statement file streamed through (csv or pdf): 256 MiB, a year of a large store's rows. */
  fileBytes: number
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  answerBytes: 4 * 1024 * 1024,
  errorBytes: 64 * 1024,
  fileBytes: 256 * 1024 * 1024,
}

/** A byte count as a person reads a cap: `64 KiB`, `4 MiB`. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

/** The error of a body over its cap; `what` completes "the answer to <endpoint> is larger than". */
export function tooLarge(endpoint: string, limit: number, what = "the cap on one answer"): AnswerTooLargeError {
  return new AnswerTooLargeError({
    message: `The installments service's answer to ${endpoint} is larger than ${byteSize(limit)} (${what}); it was not read`,
    code: "answer_too_large",
    endpoint,
    limit: byteSize(limit),
  })
}

/**
 * Reads a body up to `limit` bytes. `complete` is false when there was more: reading stops there and
 * the stream is destroyed, so the rest is never downloaded.
 */
export async function readUpTo(stream: Readable, limit: number): Promise<{ data: Buffer; complete: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    if (size + buffer.length > limit) {
      chunks.push(buffer.subarray(0, limit - size))
      stream.destroy()
      return { data: Buffer.concat(chunks), complete: false }
    }
    chunks.push(buffer)
    size += buffer.length
  }
  return { data: Buffer.concat(chunks), complete: true }
}

/**
 * The stream, ended with `AnswerTooLargeError` once more than `limit` bytes have passed: a consumer
 * (a download, a statement parser) fails with the cap's words, and the rest is never downloaded.
 */
export function cappedStream(stream: Readable, limit: number, endpoint: string): Readable {
  let size = 0
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > limit) {
        done(tooLarge(endpoint, limit, "the cap on a statement file"))
        return
      }
      done(null, chunk)
    },
  })
  // The source is destroyed when the limiter fails (or its reader stops), and the other way round.
  pipeline(stream, limiter, () => undefined)
  return limiter
}
