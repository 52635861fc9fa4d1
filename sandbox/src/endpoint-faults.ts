import { z } from "zod"

/**
 * Per-endpoint faults a real network has (docs/contributing.md, "Sandbox", fault modes): an answer
 * lost after the service applied the request, a proxy's 5xx page after it applied it, a request
 * held unanswered, a slow answer. They let a test prove a caller applies each operation exactly once.
 */

export const ENDPOINTS = [
  "create_link",
  "link_details",
  "list_links",
  "resolve_link",
  "transaction",
  "refund",
  "statements",
  "bin_lookup",
  "register_webhook",
] as const
export type EndpointName = (typeof ENDPOINTS)[number]

export const FAULT_MODES = [
  "apply_lose_answer",
  "apply_5xx",
  "refuse_429",
  "hang",
  "slow",
  "oversized_answer",
  "oversized_row",
  "oversized_error",
  "endless_pages",
] as const
export type EndpointFaultMode = (typeof FAULT_MODES)[number]

/**
 * The answers of a service that sends too much (D36): `oversized_answer` pads the route's own answer
 * to `size_bytes` (a JSON answer gets a `padding` field, a csv statement more rows, a pdf more bytes);
 * `oversized_row` adds one csv row of `size_bytes`; `oversized_error` answers a 502 page of
 * `size_bytes` without doing anything; `endless_pages` answers every page of a link's details with
 * its first page's transactions and `next: true`.
 */
export const OVERSIZE_DEFAULT_BYTES = 1024 * 1024
export const OVERSIZE_LIMIT_BYTES = 512 * 1024 * 1024

/** Default wait of `slow`; `hang` holds until the client closes, at most HANG_LIMIT_MS. */
export const SLOW_DEFAULT_MS = 5_000
export const HANG_LIMIT_MS = 10 * 60_000

/** One endpoint fault as the control API takes it: `times` 0 hits every matching request until cleared. */
export const EndpointFaultInput = z
  .object({
    endpoint: z.enum(ENDPOINTS),
    mode: z.enum(FAULT_MODES),
    times: z.number().int().min(0).default(1),
    delay_ms: z.number().int().min(0).max(HANG_LIMIT_MS).optional(),
    size_bytes: z.number().int().min(1).max(OVERSIZE_LIMIT_BYTES).optional(),
  })
  .strict()

/** An endpoint fault still armed; `times` counts the matching requests it will still hit (0: all). */
export type EndpointFault = z.output<typeof EndpointFaultInput>

// The interface's paths (docs/service-api.md, Endpoints); a refund path without its slash is a
// redirect, not endpoint 7, so it is never faulted as a refund.
const ROUTES: Array<{ endpoint: EndpointName; methods: string[]; path: RegExp }> = [
  { endpoint: "bin_lookup", methods: ["GET"], path: /^\/check\/bin_numbers_lookup\/$/ },
  { endpoint: "create_link", methods: ["POST"], path: /^\/payment_links\/[^/]+\/create$/ },
  { endpoint: "link_details", methods: ["POST", "GET"], path: /^\/payment_links\/[^/]+\/details$/ },
  { endpoint: "list_links", methods: ["POST"], path: /^\/payment_links\/[^/]+\/list$/ },
  { endpoint: "resolve_link", methods: ["POST"], path: /^\/payment_links\/[^/]+\/resolve$/ },
  { endpoint: "refund", methods: ["POST"], path: /^\/transactions\/refund\/[^/]+\/$/ },
  { endpoint: "transaction", methods: ["GET"], path: /^\/transactions\/(?!refund$)[^/]+$/ },
  { endpoint: "statements", methods: ["POST"], path: /^\/reports\/statements$/ },
  { endpoint: "register_webhook", methods: ["POST"], path: /^\/api\/create-webhook-and-apikey\/$/ },
]

/** The endpoint a request addresses, or undefined when it is none of the nine. */
export function endpointOf(method: string, path: string): EndpointName | undefined {
  return ROUTES.find((route) => route.methods.includes(method) && route.path.test(path))?.endpoint
}

/** Takes the first armed fault for `endpoint`, counting the hit; undefined when none is armed. */
export function takeEndpointFault(faults: EndpointFault[], endpoint: EndpointName): EndpointFault | undefined {
  const index = faults.findIndex((fault) => fault.endpoint === endpoint)
  if (index < 0) {
    return undefined
  }
  const fault = faults[index]
  if (fault.times === 1) {
    faults.splice(index, 1)
  } else if (fault.times > 1) {
    faults[index] = { ...fault, times: fault.times - 1 }
  }
  return fault
}
