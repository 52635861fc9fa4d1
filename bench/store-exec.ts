import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { STORE_DIR } from "../scripts/demo/config"
import { childEnv } from "../scripts/demo/plugin-package"

const RESULT_PREFIX = "BENCH_RESULT "

/**
 * Runs `script` in the benchmark store through `medusa exec`, handing it `input` in a file named by
 * the env variable `inputVariable` (a file, not the env: thousands of link ids are more than one
 * environment string may hold), and returns the JSON it printed after `BENCH_RESULT `.
 */
export async function execInStore<T>(script: string, env: Record<string, string>, inputVariable: string, input: unknown): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-exec-"))
  const inputFile = path.join(dir, "input.json")
  writeFileSync(inputFile, JSON.stringify(input))
  let output: string
  try {
    // Not execFileSync: the sandbox the script calls runs in this process and must keep answering.
    const run = await promisify(execFile)("npx", ["medusa", "exec", script], {
      cwd: STORE_DIR,
      env: childEnv({ ...env, [inputVariable]: inputFile }),
      maxBuffer: 64 * 1024 * 1024,
    })
    output = run.stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const line = output.split("\n").find((text) => text.startsWith(RESULT_PREFIX))
  if (!line) {
    throw new Error(`${path.basename(script)} printed no result:\n${output.slice(-4000)}`)
  }
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T
}
