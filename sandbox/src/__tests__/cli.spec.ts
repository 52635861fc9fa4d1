import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseCli } from "../cli"
import { BIN_TABLE, TEST_CARDS } from "../index"

const ROOT = join(__dirname, "..", "..", "..")

describe("installments-sandbox CLI", () => {
  it("parses every flag", () => {
    expect(
      parseCli([
        "--port",
        "0",
        "--host",
        "0.0.0.0",
        "--secret-key",
        "s",
        "--public-key",
        "sandbox-p",
        "--store-id",
        "5b0c8f3e-9d1a-4c2b-8e7f-0a1b2c3d4e5f",
        "--pay-url",
        "https://pay.example",
        "--allow-http-webhooks",
        "--data",
        "x.json",
        "--amount-scale",
        "2",
      ])
    ).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      secretKey: "s",
      publicKey: "sandbox-p",
      storeId: "5b0c8f3e-9d1a-4c2b-8e7f-0a1b2c3d4e5f",
      payUrl: "https://pay.example",
      allowHttpWebhooks: true,
      dataFile: "x.json",
      amountScale: 2,
    })
    expect(parseCli([]).port).toBe(4010)
    // Without the flag the sandbox's default applies: 5 decimals, the live format (D4).
    expect(parseCli([]).amountScale).toBeUndefined()
    expect(parseCli(["--amount-scale", "8"]).amountScale).toBe(8)
    for (const bad of ["1", "9", "2.5", "five", ""]) {
      expect(() => parseCli(["--amount-scale", bad])).toThrow(/--amount-scale/)
    }
    expect(() => parseCli(["--port", "http"])).toThrow(/port/)
    expect(() => parseCli(["--bogus"])).toThrow()
  })

  it("starts, prints URLs, keys and store id, serves, and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [
        "-r",
        "ts-node/register",
        join("sandbox", "src", "cli.ts"),
        "--port",
        "0",
        "--public-key",
        "sandbox-cli",
        "--secret-key",
        "sk-cli",
      ],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const started = Date.now()
    while (!/Press Ctrl\+C/.test(output)) {
      if (Date.now() - started > 15_000) {
        child.kill("SIGKILL")
        throw new Error(`CLI did not start: ${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const url = /Base URL:\s+(\S+)/.exec(output)?.[1]
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(output).toMatch(/Pay URL:/)
    expect(output).toContain("sandbox-cli")
    expect(output).toContain("sk-cli")
    expect(output).toMatch(/Store id:\s+[0-9a-f-]{36}/)
    const answer = await fetch(`${url}/check/bin_numbers_lookup/?bin=409201`, {
      headers: { authorization: "sk-cli", "x-service-key": "sandbox-cli", accept: "application/json" },
    })
    expect(answer.status).toBe(200)
    await answer.arrayBuffer()
    child.kill("SIGTERM")
    expect(await exited).toBe(0)
  }, 20_000)
})

describe("README", () => {
  it("documents every test card, BIN and control route", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8")
    for (const card of TEST_CARDS) {
      expect(readme).toContain(`\`${card.number}\` | ${card.outcome}`)
    }
    for (const row of BIN_TABLE) {
      expect(readme).toContain(`| \`${row.bin}\` | ${row.brand} | ${row.type} |`)
    }
    const source = readFileSync(join(__dirname, "..", "routes", "control.ts"), "utf8")
    const routes = [...source.matchAll(/router\.(get|post|delete)\(\s*"([^"]+)"/g)].map(
      ([, method, path]) => `${method.toUpperCase()} /__sandbox${path === "/" ? "/" : path}`
    )
    expect(routes.length).toBeGreaterThan(15)
    for (const route of routes) {
      expect(readme).toContain(route)
    }
  })

  it("documents every CLI flag and the sandbox assumptions a client could trip on", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8")
    const usage = readFileSync(join(__dirname, "..", "cli.ts"), "utf8")
    const flags = [...usage.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map(([, flag]) => flag).filter((flag) => flag !== "--help")
    expect(flags).toContain("--amount-scale")
    for (const flag of flags) {
      expect(readme).toContain(flag)
    }
    const assumptions = readme.slice(readme.indexOf("## Sandbox assumptions"))
    expect(assumptions).toMatch(/pending refunds as rows/)
    expect(assumptions).toMatch(/3xx answer is final/)
    expect(assumptions).toContain("http://[::1]")
  })
})
