// The kit's cost in a storefront's JavaScript: what a bundler adds for one import from the built
// package (dist/, through its exports map), minified (esbuild) and gzipped (zlib, level 9), with React
// left out (the storefront has it already). `node size.mjs` prints a table; `--json` the figures.
// Run after `npm run build --workspace storefront`.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = path.dirname(fileURLToPath(import.meta.url))
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).name

export const CASES = {
  "promo line (React: InstallmentsPromo)": `import { InstallmentsPromo } from "${pkg}/react"; export default InstallmentsPromo`,
  "promo line (framework-free: promoLine)": `import { promoLine } from "${pkg}"; export default promoLine`,
  "every React part": `export * from "${pkg}/react"`,
  "the whole framework-free entry": `export * from "${pkg}"`,
}

async function measure(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kit-size-"))
  try {
    const entry = path.join(dir, "entry.mjs")
    fs.writeFileSync(entry, source)
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2020",
      write: false,
      external: ["react", "react/jsx-runtime", "react-dom"],
      // The package as a storefront resolves it: the workspace's link in the repository's node_modules.
      nodePaths: [path.join(root, "..", "node_modules")],
      logLevel: "error",
    })
    const code = Buffer.from(result.outputFiles[0].contents)
    return { minified: code.length, gzipped: zlib.gzipSync(code, { level: 9 }).length }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const figures = {}
for (const [name, source] of Object.entries(CASES)) {
  figures[name] = await measure(source)
}
if (process.argv.includes("--json")) {
  process.stdout.write(JSON.stringify(figures))
} else {
  for (const [name, { minified, gzipped }] of Object.entries(figures)) {
    console.log(`${name}: ${(minified / 1024).toFixed(1)} KiB minified, ${(gzipped / 1024).toFixed(1)} KiB gzipped`)
  }
}
