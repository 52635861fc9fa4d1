import { randomUUID } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { InstallmentsClient } from "../.."
import { startSandbox } from "../../../../../sandbox/src"
import type { ContractTarget, PayOption, PayOutcome } from "./target"

/**
 * The real sandbox (the sandbox workspace's sources) as a contract target: the client talks HTTP to
 * it, and what only a customer or support can do goes through its control API under /__sandbox/.
 */

// Test cards of the sandbox README, one per outcome (Al Rajhi VISA credit, installments from 300.00).
const CARD_BY_OUTCOME: Record<PayOutcome, string> = {
  success: "4092010000000018",
  decline: "4092010000000026",
  bank_rejected: "4092010000000034",
  bank_review: "4092010000000042",
  auth_failed: "4092010000000059",
}

const PROCESSING_WINDOW_MS = 150

async function control(baseUrl: string, path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/__sandbox${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as Record<string, unknown>
  if (!response.ok) {
    throw new Error(`sandbox control ${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  }
  return answer
}

/** Receives the sandbox's webhook deliveries so they succeed and stay off the network. */
function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(200).end("ok"))
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}/hooks/installments`, server })
    })
  })
}

/** Starts a sandbox and a webhook receiver; `amountScale` 5 writes amounts as the live service does. */
export async function startSandboxTarget(amountScale = 5): Promise<{ target: ContractTarget; stop(): Promise<void> }> {
  const secretKey = `sk_contract_${randomUUID().replace(/-/g, "")}`
  const publicKey = "sandbox-contract-pk"
  const sandbox = await startSandbox({
    port: 0,
    secretKey,
    publicKey,
    storeId: randomUUID(),
    // Development mode, so deliveries can reach the local receiver over plain HTTP (D21).
    allowHttpWebhooks: true,
    amountScale,
    processingWindowMs: PROCESSING_WINDOW_MS,
    settlementDelayMs: 200,
  })
  const receiver = await startReceiver()

  const clientOptions = {
    publicKey,
    baseUrl: sandbox.url,
    timeoutMs: 10_000,
    maxRetries: 3,
    retryBaseDelayMs: 20,
    // Longer than the sandbox's processing window, so "already under processing" resolves on retry.
    processingRetryDelayMs: PROCESSING_WINDOW_MS * 2,
  }

  const target: ContractTarget = {
    name: "sandbox",
    client: new InstallmentsClient({ ...clientOptions, secretKey }),
    wrongSecretClient: new InstallmentsClient({ ...clientOptions, secretKey: `${secretKey}_wrong` }),
    storeId: sandbox.storeId,
    cards: { rajhiCredit: "409201", snbCredit: "400555", eightDigit: "54120099", debit: "588845", unknown: "999999" },
    async payLink(linkId: string, outcome: PayOutcome, option: PayOption = "Installment") {
      const answer = await control(sandbox.url, `/payment-links/${linkId}/pay`, {
        card_number: CARD_BY_OUTCOME[outcome],
        payment_option: option,
      })
      const id = answer.transaction_id ?? (answer.transaction as { id?: string } | undefined)?.id
      if (typeof id !== "string") {
        throw new Error(`sandbox pay answered without a transaction id: ${JSON.stringify(answer)}`)
      }
      return id
    },
    async expireLink(linkId: string) {
      await control(sandbox.url, `/payment-links/${linkId}/expire`)
    },
    async failNext(count: number, status: number) {
      await control(sandbox.url, "/faults", { fail_next: count, error_status: status })
    },
    webhookUrl: receiver.url,
  }

  return {
    target,
    async stop() {
      await sandbox.stop()
      await new Promise<void>((resolve) => receiver.server.close(() => resolve()))
    },
  }
}
