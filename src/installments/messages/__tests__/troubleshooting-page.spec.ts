import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { SERVICE_ERROR_CODES } from "../service-errors"

// docs/troubleshooting.md is where a merchant or developer looks up an error code they were shown.
// The codes are read from the code itself, so a code added later without a line on the page fails here.

const ROOT = path.resolve(__dirname, "../../../..")
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8")

/** The string members of `type <name> = | "a" | "b"` in `file`. */
function unionMembers(file: string, name: string): string[] {
  const declaration = read(file).match(new RegExp(`type ${name} =([^;]*?)\\n\\n`))
  if (!declaration) {
    throw new Error(`${file} no longer declares the union ${name}`)
  }
  return [...declaration[1].matchAll(/"([a-z_]+)"/g)].map((match) => match[1])
}

/** The `reason: "..."` codes the webhook route answers with, in every source file under `dir`. */
function answeredReasons(dir: string): string[] {
  const reasons: string[] = []
  const visit = (current: string) => {
    for (const name of readdirSync(path.join(ROOT, current))) {
      const file = path.join(current, name)
      if (name === "__tests__") {
        continue
      }
      if (statSync(path.join(ROOT, file)).isDirectory()) {
        visit(file)
      } else if (file.endsWith(".ts")) {
        reasons.push(...[...read(file).matchAll(/reason: "([a-z_]+)"/g)].map((match) => match[1]))
      }
    }
  }
  visit(dir)
  return reasons
}

const CODES = {
  "the admin API's service errors (SERVICE_ERROR_CODES)": Object.values(SERVICE_ERROR_CODES),
  "the service's refund refusals (RefundRejectionReason)": unionMembers("src/lib/client/errors.ts", "RefundRejectionReason"),
  "refused webhook deliveries (WebhookVerificationReason)": unionMembers("src/lib/webhooks/errors.ts", "WebhookVerificationReason"),
  "the webhook route's own refusals": answeredReasons("src/api/hooks"),
}

describe("docs/troubleshooting.md", () => {
  const page = read("docs/troubleshooting.md")

  it.each(Object.entries(CODES))("names every code of %s", (_source, codes) => {
    // Guards the readers above: an empty list would pass whatever the page says.
    expect(codes.length).toBeGreaterThan(0)
    expect(codes.filter((code) => !page.includes(`\`${code}\``))).toEqual([])
  })
})
