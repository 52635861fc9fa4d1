// Builds the kit into dist/: each entry as ESM (.mjs) and CommonJS (.cjs) with esbuild, the plugin's
// pure files it imports bundled in; the React entry keeps `"use client"` and imports the core entry by
// the package's name, so a shop loads one copy of it; declarations with tsc (tsconfig.build.json).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = path.dirname(fileURLToPath(import.meta.url))
const dist = path.join(root, "dist")
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
fs.rmSync(dist, { recursive: true, force: true })

// From src/react, every import of the core ("../plans", "../session"…) is the published core entry.
const coreByName = {
  name: "core-by-name",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/[a-z-]+$/ }, (args) =>
      path.dirname(args.importer) === path.join(root, "src/react") ? { path: pkg.name, external: true } : undefined
    )
  },
}

const entries = [
  { name: "index", file: "src/index.ts" },
  { name: "react", file: "src/react/index.tsx" },
]
for (const entry of entries) {
  for (const [format, ext] of [
    ["esm", "mjs"],
    ["cjs", "cjs"],
  ]) {
    await build({
      entryPoints: [path.join(root, entry.file)],
      outfile: path.join(dist, `${entry.name}.${ext}`),
      bundle: true,
      format,
      platform: "neutral",
      target: "es2020",
      jsx: "automatic",
      external: ["react", "react/jsx-runtime", "@medusajs/js-sdk"],
      plugins: [coreByName],
      logLevel: "warning",
    })
  }
}
fs.copyFileSync(path.join(root, "src/react/styles.css"), path.join(dist, "styles.css"))
execFileSync(process.execPath, [path.join(root, "../node_modules/typescript/bin/tsc"), "-p", path.join(root, "tsconfig.build.json")], {
  stdio: "inherit",
})
console.error(`built ${path.relative(process.cwd(), dist) || "dist"}: ${fs.readdirSync(dist).join(", ")}`)
