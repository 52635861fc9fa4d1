/**
 * The exact bytes of a request body in the shapes a framework can hand them over, or null when the
 * value is something else (typically a parsed JSON object, whose bytes are lost).
 */
export function readRawBytes(value: unknown): Buffer | null {
  if (typeof value === "string") {
    return Buffer.from(value, "utf8")
  }
  if (Buffer.isBuffer(value)) {
    return value
  }
  // The tag rather than instanceof: jest and other vm contexts have their own Uint8Array.
  if (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]") {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  return fromSerializedBuffer(value)
}

// Medusa's Redis event bus JSON-serializes a Buffer as { type: "Buffer", data: [bytes] }. That is still
// the exact bytes, so it is accepted; anything that is not a clean byte array is not.
function fromSerializedBuffer(value: unknown): Buffer | null {
  if (!value || typeof value !== "object") {
    return null
  }
  const candidate = value as { type?: unknown; data?: unknown }
  if (candidate.type !== "Buffer" || !Array.isArray(candidate.data)) {
    return null
  }
  const bytes: unknown[] = candidate.data
  const isByte = (byte: unknown) => Number.isInteger(byte) && (byte as number) >= 0 && (byte as number) <= 255
  const valid = bytes.every(isByte)
  return valid ? Buffer.from(bytes as number[]) : null
}

/** A short type description for error messages, so the value itself is never quoted. */
export function describeType(value: unknown): string {
  if (value === null || value === undefined) {
    return String(value)
  }
  if (Array.isArray(value)) {
    return "an array"
  }
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return `binary data of type ${Object.prototype.toString.call(value).slice(8, -1)}`
  }
  return typeof value === "object" ? "a parsed object" : `a ${typeof value}`
}
