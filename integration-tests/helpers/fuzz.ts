import type { AxiosInstance, AxiosResponse, Method } from "axios"

/** A route of the plugin to fuzz: one line each in the scenario's table. */
export interface FuzzRoute {
  method: "GET" | "POST" | "DELETE"
  /** Path as served; `:placeholders` are filled by the scenario before fuzzing. */
  path: string
  /** Which headers a legitimate caller sends: an admin token, or a storefront's publishable key. */
  auth: "admin" | "store"
  /** A well-formed body (POST) or query (GET) whose fields are replaced one at a time. */
  sample: Record<string, unknown>
}

export interface FuzzCase {
  name: string
  method: Method
  path: string
  headers: Record<string, string>
  /** Sent as is: a string is never re-encoded. */
  body?: string
}

export const ONE_MEGABYTE = "x".repeat(1024 * 1024)

const WRONG_TYPES: [string, unknown][] = [
  ["number", 12345],
  ["boolean", true],
  ["null", null],
  ["array", ["a", 1]],
  ["object", { nested: { deeper: [] } }],
]

const HOSTILE_STRINGS: [string, string][] = [
  ["unicode", "طلب 🛒 ‮evil‬ \u0000 \ud800"],
  ["sql injection", "'; DROP TABLE payment; --"],
  ["nosql operator", '{"$gt": ""}'],
  ["path traversal", "../../../../etc/passwd"],
  ["script", "<script>alert(1)</script>"],
  ["prototype key", "__proto__"],
  ["huge string", ONE_MEGABYTE],
]

const OTHER_METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"]

/**
 * Every bad request for one route: malformed and huge JSON, each field of the sample with wrong types
 * and hostile strings, the route's headers missing, and the methods its path does not serve
 * (`served` lists those it does).
 */
export function fuzzCases(route: FuzzRoute, headers: Record<string, string>, served: string[] = [route.method]): FuzzCase[] {
  const base = { method: route.method as Method, path: route.path }
  const json = { ...headers, "content-type": "application/json" }
  const send = (name: string, values: Record<string, unknown>): FuzzCase =>
    route.method === "GET"
      ? { ...base, name, headers, path: `${route.path}?${querystring(values)}` }
      : { ...base, name, headers: json, body: JSON.stringify(values) }

  const cases: FuzzCase[] = []
  for (const [field, sample] of Object.entries(route.sample)) {
    for (const [kind, value] of [...WRONG_TYPES, ...HOSTILE_STRINGS]) {
      cases.push(send(`${field}: ${kind}`, { ...route.sample, [field]: value }))
      // One level down too: a store route's `data` is where the provider reads its own fields.
      if (isPlainObject(sample)) {
        for (const nested of Object.keys(sample)) {
          cases.push(send(`${field}.${nested}: ${kind}`, { ...route.sample, [field]: { ...sample, [nested]: value } }))
        }
      }
    }
  }
  if (route.method !== "GET") {
    cases.push({ ...base, name: "malformed JSON", headers: json, body: '{"provider_id": "installments",' })
    cases.push({ ...base, name: "JSON array body", headers: json, body: "[1,2,3]" })
    cases.push({ ...base, name: "1 MB body", headers: json, body: JSON.stringify({ ...route.sample, padding: ONE_MEGABYTE }) })
    cases.push({
      ...base,
      name: "body not JSON",
      headers: { ...headers, "content-type": "text/plain" },
      body: "provider_id=installments",
    })
  } else {
    cases.push({
      ...base,
      name: "64 KB query (over the HTTP header limit)",
      headers,
      path: `${route.path}?${querystring({ ...route.sample, padding: "x".repeat(64 * 1024) })}`,
    })
    cases.push({
      ...base,
      name: "repeated parameters",
      headers,
      path: `${route.path}?${Object.keys(route.sample)
        .map((k) => `${k}=a&${k}=b`)
        .join("&")}`,
    })
  }
  cases.push({
    ...send("no credentials", route.sample),
    name: "no credentials",
    headers: route.method === "GET" ? {} : { "content-type": "application/json" },
  })
  for (const method of OTHER_METHODS.filter((m) => !served.includes(m))) {
    cases.push({
      ...base,
      name: `method ${method}`,
      method,
      headers: json,
      body: method === "GET" ? undefined : JSON.stringify(route.sample),
    })
  }
  return cases
}

/** Sends a case as it is and returns the answer, whatever its status. */
export function sendCase(api: AxiosInstance, fuzz: FuzzCase): Promise<AxiosResponse> {
  return api.request({
    method: fuzz.method,
    url: fuzz.path,
    headers: fuzz.headers,
    data: fuzz.body,
    validateStatus: () => true,
    transformRequest: [(data: unknown) => data],
    maxBodyLength: Infinity,
    maxContentLength: Infinity,
  })
}

function querystring(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${encodeURIComponent(wellFormed(typeof value === "string" ? value : JSON.stringify(value)))}`
    )
    .join("&")
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

// A URL cannot carry a lone surrogate: it goes as U+FFFD, as a browser would send it.
function wellFormed(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8")
}
