/** Request headers as Node and most frameworks expose them; names may come in any case. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>

export type HeaderRead = { kind: "missing" } | { kind: "conflict" } | { kind: "ok"; value: string }

/**
 * Reads one header case-insensitively. Empty values count as missing; several different values are a
 * conflict, because picking one would let a proxy or attacker choose which signature or key is used.
 */
export function readHeader(headers: WebhookHeaders, name: string): HeaderRead {
  const wanted = name.toLowerCase()
  const values = new Set<string>()
  for (const [key, raw] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== wanted || raw === undefined) {
      continue
    }
    for (const value of typeof raw === "string" ? [raw] : raw) {
      const trimmed = String(value).trim()
      if (trimmed !== "") {
        values.add(trimmed)
      }
    }
  }
  if (values.size === 0) {
    return { kind: "missing" }
  }
  if (values.size > 1) {
    return { kind: "conflict" }
  }
  return { kind: "ok", value: [...values][0] }
}
