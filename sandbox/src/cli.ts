#!/usr/bin/env node
import { parseArgs } from "node:util"
import { startSandbox } from "./index"
import { SandboxOptions } from "./config"

const USAGE = `installments-sandbox: a local sandbox of the installments service

Usage: installments-sandbox [options]
  --port <n>               port to listen on (default 4010; 0 picks a free port)
  --host <host>            interface to bind (default 127.0.0.1)
  --secret-key <key>       merchant secret key (default: random, or the data file's)
  --public-key <key>       merchant public key, must begin with sandbox- (default: random)
  --store-id <uuid>        the merchant's store id (default: random)
  --pay-url <url>          base of hosted checkout URLs (default: the sandbox's own URL)
  --allow-http-webhooks    development mode: accept http://localhost webhook URLs
  --data <file>            keep state in this JSON file across restarts
  --amount-scale <n>       decimals of amount strings in transactions and link details,
                           2 to 8 (default 5, the live "299.99000"; 2 gives "299.99")
  --quiet                  do not log webhook deliveries
  -h, --help               show this help
`

/** Reads the command line into sandbox options; throws on unknown flags or bad values. */
export function parseCli(argv: string[]): SandboxOptions & { help: boolean; quiet: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "secret-key": { type: "string" },
      "public-key": { type: "string" },
      "store-id": { type: "string" },
      "pay-url": { type: "string" },
      "allow-http-webhooks": { type: "boolean" },
      data: { type: "string" },
      "amount-scale": { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  })
  const port = values.port === undefined ? 4010 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a port number, got "${values.port}"`)
  }
  const scaleText = values["amount-scale"]
  const amountScale = scaleText === undefined ? undefined : /^\d+$/.test(scaleText) ? Number(scaleText) : NaN
  if (amountScale !== undefined && !(amountScale >= 2 && amountScale <= 8)) {
    throw new Error(`--amount-scale must be an integer from 2 to 8, got "${scaleText}"`)
  }
  return {
    port,
    host: values.host,
    secretKey: values["secret-key"],
    publicKey: values["public-key"],
    storeId: values["store-id"],
    payUrl: values["pay-url"],
    allowHttpWebhooks: values["allow-http-webhooks"] ?? false,
    dataFile: values.data,
    amountScale,
    help: values.help ?? false,
    quiet: values.quiet ?? false,
  }
}

/** Runs the command with `argv` (the arguments after the command's name); bin/installments-sandbox.js calls it. */
export function runCli(argv: string[]): void {
  main(argv).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}

async function main(argv: string[]): Promise<void> {
  let options: ReturnType<typeof parseCli>
  try {
    options = parseCli(argv)
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`)
    process.exitCode = 2
    return
  }
  if (options.help) {
    process.stdout.write(USAGE)
    return
  }
  const { help, quiet, ...sandboxOptions } = options
  void help
  const sandbox = await startSandbox({
    ...sandboxOptions,
    log: quiet ? undefined : (line) => process.stdout.write(`[sandbox] ${line}\n`),
  })
  process.stdout.write(
    [
      "Installments sandbox is running.",
      `  Base URL:    ${sandbox.url}`,
      `  Pay URL:     ${sandbox.payUrl}`,
      `  Secret key:  ${sandbox.secretKey}   (Authorization header)`,
      `  Public key:  ${sandbox.publicKey}   (X-Service-Key header)`,
      `  Store id:    ${sandbox.storeId}`,
      `  Control API: ${sandbox.url}/__sandbox/`,
      options.allowHttpWebhooks ? "  Development mode: http://localhost webhook URLs are accepted." : "",
      options.dataFile ? `  State file:  ${options.dataFile}` : "  State: in memory (use --data <file> to keep it)",
      "Press Ctrl+C to stop.",
      "",
    ]
      .filter((line) => line !== "")
      .join("\n") + "\n"
  )
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) {
      return
    }
    stopping = true
    process.stdout.write(`Received ${signal}, stopping the sandbox...\n`)
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`)
        process.exit(1)
      }
    )
  }
  process.on("SIGINT", () => shutdown("SIGINT"))
  process.on("SIGTERM", () => shutdown("SIGTERM"))
}

if (require.main === module) {
  runCli(process.argv.slice(2))
}
