import { execFileSync } from "node:child_process"
import { chromium, type Browser } from "playwright-core"

// The browser tests (the hosted page, the demo storefront, the admin pages) and `npm run screenshots`
// drive Debian's chromium through playwright-core, which ships no browser of its own.

/** What to run when chromium is missing; `npm test` runs it itself when it is root. */
export const CHROMIUM_INSTALL = "sudo apt-get install chromium (or, as root, bash scripts/ensure-chromium.sh)"

/** The chromium on PATH; a missing one is a single line saying how to install it, with no stack. */
export function chromiumPath(): string {
  try {
    return execFileSync("/bin/sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim()
  } catch {
    const error = new Error(`chromium is not installed: the browser tests need it. Install it with: ${CHROMIUM_INSTALL}`)
    // Jest prints the stack under the message; where it was thrown is no help to the reader.
    error.stack = error.message
    throw error
  }
}

/** Headless chromium as every browser test and the screenshot script launch it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}
