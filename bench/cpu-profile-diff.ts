/**
 * Compares two V8 CPU profiles (`.cpuprofile`, as the inspector's Profiler.stop returns them) per
 * unit of work: self and inclusive time by package (or by package and function), largest
 * differences first. The plugin's own frames are named by their file, everything else by its package.
 */
import { readFileSync } from "node:fs"

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  children?: number[]
}

/** A profile as the inspector returns it. */
export interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export type ProfileKey = "package" | "function"

/** Where a frame comes from: the plugin's file, a package, a node: module, or a native frame. */
function origin(url: string): string {
  if (!url) {
    return "(native)"
  }
  const packages = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)
  if (!packages) {
    return url.startsWith("node:") ? url : url.replace(/.*examples\/store\//, "store/")
  }
  const last = packages[packages.length - 1].replace("node_modules/", "")
  return last === "medusa-payment-installments" ? `plugin:${url.split("/.medusa/server/src/")[1] ?? url}` : last
}

/** Self and inclusive microseconds per key; a key is counted once per sample however deep it recurs. */
export function profileTimes(profile: CpuProfile, key: ProfileKey): { self: Map<string, number>; inclusive: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id)
    }
  }
  const keyOf = (node: ProfileNode) =>
    key === "package" ? origin(node.callFrame.url) : `${origin(node.callFrame.url)} ${node.callFrame.functionName || "(anonymous)"}`
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0
    const leaf = nodes.get(id)!
    self.set(keyOf(leaf), (self.get(keyOf(leaf)) ?? 0) + micros)
    const seen = new Set<string>()
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const name = keyOf(nodes.get(current)!)
      if (!seen.has(name)) {
        seen.add(name)
        inclusive.set(name, (inclusive.get(name) ?? 0) + micros)
      }
    }
  })
  return { self, inclusive }
}

/** The `top` largest differences of A against B, in ms per unit of work (a checkout), as table lines. */
export function formatProfileDiff(a: CpuProfile, aUnits: number, b: CpuProfile, bUnits: number, key: ProfileKey, top = 30): string {
  const timesA = profileTimes(a, key)
  const timesB = profileTimes(b, key)
  const sum = (map: Map<string, number>) => [...map.values()].reduce((total, micros) => total + micros, 0)
  const lines = [
    `sampled ms per unit (idle included): A ${(sum(timesA.self) / 1000 / aUnits).toFixed(1)}, B ${(sum(timesB.self) / 1000 / bUnits).toFixed(1)}`,
  ]
  for (const kind of ["self", "inclusive"] as const) {
    const names = new Set([...timesA[kind].keys(), ...timesB[kind].keys()])
    const rows = [...names].map((name) => ({
      name,
      a: (timesA[kind].get(name) ?? 0) / 1000 / aUnits,
      b: (timesB[kind].get(name) ?? 0) / 1000 / bUnits,
    }))
    rows.sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b))
    lines.push(`\n${kind} ms per unit:       A       B   A - B`)
    for (const row of rows.slice(0, top)) {
      lines.push(
        `${row.a.toFixed(1).padStart(26)} ${row.b.toFixed(1).padStart(7)} ${(row.a - row.b).toFixed(1).padStart(7)}  ${row.name}`
      )
    }
  }
  return lines.join("\n")
}

if (require.main === module) {
  const [fileA, fileB, unitsA = "1", unitsB = unitsA] = process.argv.slice(2)
  if (!fileA || !fileB) {
    process.stderr.write(
      "usage: cpu-profile-diff.ts A.cpuprofile B.cpuprofile [unitsA] [unitsB]  (PROFILE_KEY=function, PROFILE_TOP=30)\n"
    )
    process.exit(2)
  }
  const load = (file: string) => JSON.parse(readFileSync(file, "utf8")) as CpuProfile
  const key: ProfileKey = process.env.PROFILE_KEY === "function" ? "function" : "package"
  process.stdout.write(
    `${formatProfileDiff(load(fileA), Number(unitsA), load(fileB), Number(unitsB), key, Number(process.env.PROFILE_TOP ?? 30))}\n`
  )
}
