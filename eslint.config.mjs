// ESLint for the plugin, its sandbox, tests, scripts, benches and the example store (`npm run lint`).
// Three parts: typescript-eslint's recommended rules, Medusa's own rules (@medusajs/eslint-plugin, for
// workflows, routes, subscribers, jobs and admin extensions), and the import boundaries of
// docs/architecture.md's "Layers" table, as `no-restricted-imports` per folder (below).
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import medusa from "@medusajs/eslint-plugin"

const root = path.dirname(fileURLToPath(import.meta.url))

// Each layer imports only the layers above it (docs/architecture.md, "Layers"). `from` is a folder of
// the repository; `forbidden` are folders (or files) its code may not import, `packages` the package
// patterns it may not import. A folder's rule covers its subfolders; tests (`__tests__`) are not
// bound: they may import what they check against (Medusa's BigNumber, the sandbox, a route's validators).
const SERVER_SIDE = ["src/providers", "src/modules", "src/workflows", "src/api", "src/subscribers", "src/jobs"]
const layers = [
  {
    from: "src/lib",
    message: "src/lib is framework-free and self-contained: it imports nothing outside src/lib and no @medusajs package",
    outside: "src/lib",
    packages: ["@medusajs/*"],
  },
  {
    from: "src/installments",
    message: "the domain (src/installments) never imports providers, the module, workflows, routes, subscribers, jobs or the admin",
    forbidden: ["src/providers", "src/modules", "src/workflows", "src/api", "src/subscribers", "src/jobs", "src/admin"],
  },
  {
    from: "src/providers",
    message:
      "the payment provider is thin over the domain: it never imports the module, workflows, routes, subscribers, jobs or the admin",
    forbidden: ["src/modules", "src/workflows", "src/api", "src/subscribers", "src/jobs", "src/admin"],
  },
  {
    from: "src/modules",
    message: "the plugin's module never imports providers, workflows, routes, subscribers, jobs or the admin",
    forbidden: ["src/providers", "src/workflows", "src/api", "src/subscribers", "src/jobs", "src/admin"],
  },
  {
    from: "src/workflows",
    message: "workflows never import routes, subscribers, jobs or the admin (those run workflows, not the other way round)",
    forbidden: ["src/api", "src/subscribers", "src/jobs", "src/admin"],
  },
  {
    from: "src/api",
    message: "a route runs a workflow or reads; it never imports subscribers, jobs or the admin",
    forbidden: ["src/subscribers", "src/jobs", "src/admin"],
  },
  {
    from: "src/subscribers",
    message: "a subscriber runs a workflow; it never imports routes, jobs or the admin",
    forbidden: ["src/api", "src/jobs", "src/admin"],
  },
  {
    from: "src/jobs",
    message: "a job runs a workflow; it never imports routes, subscribers or the admin",
    forbidden: ["src/api", "src/subscribers", "src/admin"],
  },
  {
    from: "src/admin",
    message: "the admin is browser code: it never imports the server side (providers, module, workflows, routes, subscribers, jobs)",
    forbidden: SERVER_SIDE,
  },
  {
    // The sandbox stands in for the service: it shares the service's rules from src/lib (money, plans,
    // the client's schemas, webhook signing) but never the plugin's client, Medusa or the plugin itself.
    from: "sandbox/src",
    message: "the sandbox imports only src/lib's shared rules (never src/lib/client outside schemas/, the rest of src, or Medusa)",
    forbidden: [
      // src/lib/client itself (its index) and each of its files and folders but schemas/.
      ...fs
        .readdirSync(path.join(root, "src/lib/client"))
        .filter((name) => !["schemas", "__tests__"].includes(name))
        .map((name) => `src/lib/client/${name}`),
      "src/installments",
      ...SERVER_SIDE,
      "src/admin",
      "integration-tests",
    ],
    packages: ["@medusajs/*"],
  },
]

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const toPosix = (p) => p.split(path.sep).join("/")

// The relative import string that reaches `target` from a file in `dir`, as a regex that also
// matches anything under it ("../workflows" and "../workflows/refund-return/index").
// An index file is also reached through its folder ("../src/lib/client").
function reaching(dir, target) {
  let relative = toPosix(path.relative(dir, target)).replace(/\.tsx?$/, "")
  if (!relative.startsWith(".")) relative = `./${relative}`
  if (relative.endsWith("/index")) return `^${escape(relative.slice(0, -"/index".length))}(/index)?(\\.[jt]sx?)?/?$`
  return `^${escape(relative)}(\\.[jt]sx?)?(/.*)?$`
}

// An ESLint config applies the last matching block's options of a rule, so each folder gets one
// block with exactly its layer's restrictions, computed relative to that folder.
function folders(dir) {
  const out = [dir]
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__tests__" && entry.name !== "node_modules")
      out.push(...folders(`${dir}/${entry.name}`))
  }
  return out
}

function boundaryBlocks() {
  const blocks = []
  for (const layer of layers) {
    for (const dir of folders(layer.from)) {
      const abs = path.join(root, dir)
      const patterns = []
      if (layer.outside) {
        // Any relative import climbing above the layer's folder.
        const depth = dir.split("/").length - layer.outside.split("/").length
        patterns.push({ regex: `^(\\.\\./){${depth + 1},}`, message: layer.message })
      }
      if (layer.forbidden?.length) {
        patterns.push({
          regex: layer.forbidden.map((target) => reaching(abs, path.join(root, target))).join("|"),
          message: layer.message,
        })
      }
      if (layer.packages?.length) patterns.push({ group: layer.packages, message: layer.message })
      blocks.push({
        name: `boundaries/${dir}`,
        files: [`${dir}/*.{ts,tsx,js,mjs}`],
        rules: { "no-restricted-imports": ["error", { patterns }] },
      })
    }
  }
  return blocks
}

// Medusa's recommended config, without its global ignores (it skips all tests and integration-tests):
// here its rules apply everywhere but the tests, which still get the rest of the lint.
function medusaRecommended() {
  const tests = ["**/__tests__/**", "**/*.spec.*", "integration-tests/**"]
  return medusa.configs.recommended
    .filter((block) => !(block.ignores && Object.keys(block).length === 1))
    .map((block) => (block.rules ? { ...block, ignores: [...(block.ignores ?? []), ...tests] } : block))
}

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.medusa/**",
      ".demo/**",
      ".cache/**",
      "coverage/**",
      "test-results/**",
      "bench/results/**",
      "docs/images/**",
      // Written by `medusa plugin:build` for the time it builds the admin; npm test packs the plugin
      // while the checks run.
      "src/admin/__admin-extensions__.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // TypeScript checks names (npm run typecheck); ESLint's own check does not know Node's or jest's globals.
      "no-undef": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  ...medusaRecommended(),
  {
    name: "medusa/project",
    rules: {
      // Every workflow and step id here starts with "installments-": ids share one registry with the
      // store's and other plugins' workflows, so the prefix keeps them unique (Medusa's rules want the
      // bare export or file name).
      "@medusajs/step-id-kebab-case": "off",
      "@medusajs/workflow-id-matches-export-or-filename": "off",
      // One zod (the package's own zod 4) for src/lib's schemas, which may not import Medusa, and the
      // code that parses with them.
      "@medusajs/zod-import-source": "off",
      // A heuristic for integers of 1000 or more; the plugin's amounts are SAR in major units (1,200 SAR).
      "@medusajs/prices-in-major-units": "off",
    },
  },
  {
    // MedusaError is for code that runs in Medusa; src/lib and the sandbox may not import Medusa, and
    // the tests, scripts and benches drive it from outside.
    name: "medusa/not-in-medusa",
    files: ["src/lib/**", "src/admin/**", "sandbox/**", "scripts/**", "bench/**", "integration-tests/**", "**/__tests__/**"],
    rules: { "@medusajs/use-medusa-error-not-generic-error": "off" },
  },
  {
    // The benches run inside a packed store app and reach Medusa through that store's require, so
    // they name the database connection's registration key rather than load the repository's Medusa.
    name: "medusa/bench",
    files: ["bench/**"],
    rules: { "@medusajs/prefer-container-registration-keys": "off" },
  },
  ...boundaryBlocks()
)
