import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

/** Every file an entry reaches through its imports (relative ones followed), and every package it names. */
export interface ImportGraph {
  /** Absolute paths of the files reached. */
  files: string[]
  /** Each non-relative import, with the file that makes it. */
  packages: { specifier: string; from: string }[]
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"]

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier)
  for (const extension of EXTENSIONS) {
    const candidate = base + extension
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate
    }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`)
}

/** Walks the imports (static, dynamic, `export … from`, `require`, type-only ones too) from the entries. */
export function importGraph(entries: string[]): ImportGraph {
  const seen = new Set<string>()
  const packages: ImportGraph["packages"] = []
  const queue = [...entries]
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file)) {
      continue
    }
    seen.add(file)
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true)
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith(".")) {
        queue.push(resolveRelative(file, specifier))
      } else {
        packages.push({ specifier, from: file })
      }
    }
  }
  return { files: [...seen].sort(), packages }
}
