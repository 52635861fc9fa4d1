import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"
import resources from "../i18n"
import ar from "../i18n/json/ar.json"
import en from "../i18n/json/en.json"

const ADMIN_DIR = join(__dirname, "..")

type Tree = { [key: string]: string | Tree }

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)
  )
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === "__tests__" ? [] : tsxFiles(path)
    }
    // Hooks (.ts) call t() too: their keys must exist as much as a component's.
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : []
  })
}

/** Every JSX text with a letter in it, and every first argument of t(), per file. */
function scan(path: string) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const texts: string[] = []
  const keys: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) {
      texts.push(node.text.trim())
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "t") {
      const [first] = node.arguments
      if (first && ts.isStringLiteral(first)) {
        keys.push(first.text)
      } else if (first && ts.isTemplateExpression(first)) {
        keys.push(`${first.head.text}*`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { file: relative(ADMIN_DIR, path), texts, keys }
}

describe("admin translations", () => {
  const enKeys = keysOf(en as Tree)

  it("has exactly the same keys in English and Arabic", () => {
    expect(keysOf(ar as Tree).sort()).toEqual([...enKeys].sort())
  })

  it("keeps every string under the installments key and gives the dashboard both languages", () => {
    expect(Object.keys(en)).toEqual(["installments"])
    expect(Object.keys(ar)).toEqual(["installments"])
    expect(resources.en.translation).toBe(en)
    expect(resources.ar.translation).toBe(ar)
  })

  it("leaves no Arabic translation empty and keeps every interpolation of the English", () => {
    const arTree = keysOf(ar as Tree)
    const valueAt = (tree: Tree, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], tree) as string
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort()
    for (const key of arTree) {
      const arabic = valueAt(ar as Tree, key)
      expect({ key, empty: arabic.trim() === "" }).toEqual({ key, empty: false })
      expect({ key, placeholders: placeholders(arabic) }).toEqual({ key, placeholders: placeholders(valueAt(en as Tree, key)) })
    }
  })

  const files = tsxFiles(ADMIN_DIR).map(scan)

  it("finds the admin's pages and widgets", () => {
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        "widgets/installments-order-card.tsx",
        "routes/settings/installments/page.tsx",
        "routes/installments/page.tsx",
        "routes/installments/payment-links/page.tsx",
        "routes/installments/insights/page.tsx",
      ])
    )
  })

  it("has no JSX text that escapes translation", () => {
    expect(files.filter((f) => f.texts.length)).toEqual([])
  })

  it("uses only translation keys that exist", () => {
    const missing = files.flatMap((f) =>
      f.keys
        .filter((key) => (key.endsWith("*") ? !enKeys.some((k) => k.startsWith(key.slice(0, -1))) : !enKeys.includes(key)))
        .map((key) => `${f.file}: ${key}`)
    )
    expect(missing).toEqual([])
    expect(files.flatMap((f) => f.keys).length).toBeGreaterThan(20)
  })
})
