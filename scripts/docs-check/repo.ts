import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

/** The repository as the docs check reads it: files by their path from the root. */
export interface Repo {
  read(file: string): string
  exists(file: string): boolean
  /** Files under `dir` (recursively) whose path matches `pattern`, `__tests__` folders left out. */
  files(dir: string, pattern: RegExp): string[]
}

/**
 * The repository on disk, with `planted` files read instead of their real text (a planted `null`
 * is a deleted file): how the check's own tests plant a drift without touching the real docs.
 */
export function diskRepo(root: string, planted: Record<string, string | null> = {}): Repo {
  const real = (file: string) => path.join(root, file)
  return {
    read(file) {
      const text = planted[file]
      if (text === null) {
        throw new Error(`${file} does not exist`)
      }
      return text ?? readFileSync(real(file), "utf8")
    },
    exists(file) {
      return file in planted ? planted[file] !== null : existsSync(real(file))
    },
    files(dir, pattern) {
      const found: string[] = []
      const visit = (current: string) => {
        for (const name of readdirSync(real(current))) {
          const file = path.posix.join(current, name)
          if (name === "__tests__" || name === "node_modules") {
            continue
          }
          if (statSync(real(file)).isDirectory()) {
            visit(file)
          } else if (pattern.test(file)) {
            found.push(file)
          }
        }
      }
      visit(dir)
      return found.sort()
    },
  }
}
