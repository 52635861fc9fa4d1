import path from "node:path"
import { anchorsOf, codeBlocks, codeSpans, proseLines, section, tableCells } from "./markdown"
import type { Repo } from "./repo"

/** One way a page no longer says what the code does. */
export interface Problem {
  file: string
  line?: number
  message: string
}

/** The pages a reader is sent to: the README, docs/, the sandbox's README and the changelog. */
export function pages(repo: Repo): string[] {
  return ["README.md", "CHANGELOG.md", "sandbox/README.md", ...repo.files("docs", /\.md$/)].filter((file) => repo.exists(file))
}

/** How a provider option is declared in the schema: required, optional without a default, or its default. */
export type OptionDefault = { kind: "required" } | { kind: "none" } | { kind: "default"; value: unknown }

/** Reads a zod object's fields as OptionDefaults (zod 4: `_zod.def.type` is `default` or `optional`). */
export function optionDefaults(shape: Record<string, unknown>): Record<string, OptionDefault> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => {
      const def = (field as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def
      const declared: OptionDefault =
        def.type === "default"
          ? { kind: "default", value: def.defaultValue }
          : def.type === "optional"
            ? { kind: "none" }
            : { kind: "required" }
      return [name, declared]
    })
  )
}

/** Where the provider options are tabled: the reference page, under its heading "Options". */
export const OPTIONS_PAGE = "docs/options.md"

/** Every provider option in the options table of OPTIONS_PAGE, with the default the schema gives it. */
export function checkOptionsTable(repo: Repo, declared: Record<string, OptionDefault>): Problem[] {
  const file = OPTIONS_PAGE
  const rows = section(repo.read(file), "Options")
    .map(({ line, number }) => ({ cells: tableCells(line), number }))
    .filter((row): row is { cells: string[]; number: number } => !!row.cells && row.cells[0] !== "Option")
  if (!rows.length) {
    return [{ file, message: 'no options table under a heading "Options"' }]
  }
  const problems: Problem[] = []
  const documented = new Set<string>()
  for (const { cells, number } of rows) {
    const names = codeSpans(cells[0])
    const defaults = cells[1].replace(/`/g, "").split(/,\s+/)
    names.forEach((name, index) => {
      documented.add(name)
      const option = declared[name]
      if (!option) {
        problems.push({ file, line: number, message: `option \`${name}\` is in the table but not in the provider options schema` })
        return
      }
      const said = names.length > 1 && defaults.length === names.length ? defaults[index] : defaults.join(", ")
      const expected = option.kind === "default" ? String(option.value) : option.kind
      if (said !== expected) {
        problems.push({
          file,
          line: number,
          message: `option \`${name}\`: the table says default "${said}", the schema "${expected}"`,
        })
      }
    })
  }
  for (const name of Object.keys(declared).filter((option) => !documented.has(option))) {
    problems.push({ file, message: `option \`${name}\` of the provider options schema is missing from the options table` })
  }
  return problems
}

/** `METHOD /path` of every admin and store route file (`[id]` as `:id`). */
export function apiRoutes(repo: Repo): string[] {
  return repo
    .files("src/api", /^src\/api\/(admin|store)\/.*\/route\.ts$/)
    .flatMap((file) => {
      const route = `/${path.posix.dirname(file).replace(/^src\/api\//, "")}`.replace(/\[(\w+)\]/g, ":$1")
      const methods = [...repo.read(file).matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)]
      return methods.map((method) => `${method[1]} ${route}`)
    })
    .sort()
}

/** Every admin and store route in the route table of back-office-api.md, and no route the code lacks. */
export function checkRoutes(repo: Repo): Problem[] {
  const file = "docs/back-office-api.md"
  const routes = apiRoutes(repo)
  const tabled = new Map<string, number>()
  for (const { line, number } of proseLines(repo.read(file))) {
    const first = tableCells(line)?.[0]
    const route = first && /^`((?:GET|POST|PUT|PATCH|DELETE) \/(?:admin|store)\/installments\/[^`]*)`$/.exec(first)?.[1]
    if (route) {
      tabled.set(route, number)
    }
  }
  return [
    ...routes
      .filter((route) => !tabled.has(route))
      .map((route) => ({ file, message: `route \`${route}\` (src/api) is missing from the route table` })),
    ...[...tabled]
      .filter(([route]) => !routes.includes(route))
      .map(([route, line]) => ({ file, line, message: `route \`${route}\` is in the table but no src/api route file answers it` })),
  ]
}

/** The names of the events the plugin emits: every `emit({ name })` or `emitEventStep({ eventName })` of src/. */
export function emittedEvents(repo: Repo): string[] {
  const constants = new Map(
    [...repo.read("src/modules/installments/events.ts").matchAll(/export const (\w+) = "(installments\.[a-z_]+)"/g)].map((m) => [
      m[1],
      m[2],
    ])
  )
  const names = repo
    .files("src", /\.ts$/)
    .flatMap((file) => [...repo.read(file).matchAll(/\b(?:eventName|name):\s*(?:"(installments\.[a-z_]+)"|(\w+))/g)])
    .map((match) => match[1] ?? constants.get(match[2]))
    .filter((name): name is string => !!name)
  return [...new Set(names)].sort()
}

/** Where the events are tabled: all of events.md, and the alerts' section of telemetry.md (its other tables name attributes). */
export const EVENT_PAGES: { file: string; section?: string }[] = [
  { file: "docs/events.md" },
  { file: "docs/telemetry.md", section: "Alerts for the merchant" },
]

/**
 * Every emitted event in the tables of EVENT_PAGES and no other, and the import path events.md names
 * for their names and types: it must resolve through package.json's exports to a module that exports them.
 */
export function checkEvents(repo: Repo): Problem[] {
  const file = "docs/events.md"
  const page = repo.read(file)
  const emitted = emittedEvents(repo)
  const tabled = new Map<string, { file: string; line: number }>()
  for (const eventPage of EVENT_PAGES.filter((candidate) => candidate.file === file || repo.exists(candidate.file))) {
    const text = repo.read(eventPage.file)
    for (const { line, number } of eventPage.section ? section(text, eventPage.section) : proseLines(text)) {
      const name = /^`(installments\.[a-z_]+)`$/.exec(tableCells(line)?.[0] ?? "")?.[1]
      if (name) {
        tabled.set(name, { file: eventPage.file, line: number })
      }
    }
  }
  const problems: Problem[] = [
    ...emitted
      .filter((name) => !tabled.has(name))
      .map((name) => ({ file, message: `event \`${name}\` is emitted but not documented` })),
    ...[...tabled]
      .filter(([name]) => !emitted.includes(name))
      .map(([name, where]) => ({ ...where, message: `event \`${name}\` is documented but nothing emits it` })),
  ]
  const importPath = /exported from `(medusa-payment-installments\/[^`]+)`/.exec(page)?.[1]
  const source = importPath ? resolveExport(repo, importPath) : undefined
  if (!importPath) {
    problems.push({
      file,
      message: "the page does not say which path exports the event names (exported from `medusa-payment-installments/…`)",
    })
  } else if (!source) {
    problems.push({ file, message: `\`${importPath}\` does not resolve through package.json's exports to a source file` })
  } else {
    const exported = exportedText(repo, source)
    const missing = emitted.filter((name) => !exported.includes(`"${name}"`))
    if (missing.length) {
      problems.push({
        file,
        message: `\`${importPath}\` (${source}) does not export ${missing.map((name) => `\`${name}\``).join(", ")}`,
      })
    }
  }
  return problems
}

/** The source file a package subpath loads, through package.json's `exports` (the longest matching key wins). */
export function resolveExport(repo: Repo, specifier: string): string | undefined {
  const exports = (JSON.parse(repo.read("package.json")) as { exports: Record<string, string | Record<string, string>> }).exports
  const subpath = `./${specifier.replace(/^medusa-payment-installments\/?/, "")}`
  let best: { prefix: string; target: string; rest: string } | undefined
  for (const [key, value] of Object.entries(exports)) {
    const target = typeof value === "string" ? value : (value.require ?? value.default)
    const [prefix, suffix = ""] = key.split("*")
    const matches = key.includes("*") ? subpath.startsWith(prefix) && subpath.endsWith(suffix) : subpath === key
    if (matches && (!best || prefix.length > best.prefix.length)) {
      best = { prefix, target, rest: key.includes("*") ? subpath.slice(prefix.length, subpath.length - suffix.length) : "" }
    }
  }
  if (!best) {
    return undefined
  }
  const built = best.target.replace("*", best.rest).replace(/^\.\//, "")
  const source = built.replace(/^\.medusa\/server\//, "").replace(/\.js$/, ".ts")
  return repo.exists(source) ? source : undefined
}

// A module's text with the text of every module it re-exports whole (`export * from "./x"`).
function exportedText(repo: Repo, file: string, seen = new Set<string>()): string {
  if (seen.has(file)) {
    return ""
  }
  seen.add(file)
  const text = repo.read(file)
  const nested = [...text.matchAll(/export \* from "(\.[^"]+)"/g)].map((match) => {
    const base = path.posix.join(path.posix.dirname(file), match[1])
    const candidate = [`${base}.ts`, `${base}/index.ts`].find((name) => repo.exists(name))
    return candidate ? exportedText(repo, candidate, seen) : ""
  })
  return [text, ...nested].join("\n")
}

/** Every error code a merchant or developer can be shown, named in troubleshooting.md. */
export function checkErrorCodes(repo: Repo, codes: Record<string, string[]>): Problem[] {
  const file = "docs/troubleshooting.md"
  const page = repo.read(file)
  return Object.entries(codes).flatMap(([source, list]) => {
    if (!list.length) {
      return [{ file, message: `no codes read from ${source}: the reader of the code is broken` }]
    }
    return list
      .filter((code) => !page.includes(`\`${code}\``))
      .map((code) => ({ file, message: `error code \`${code}\` (${source}) is not named` }))
  })
}

/** The string members of `type <name> = | "a" | "b"` in a file. */
export function unionMembers(repo: Repo, file: string, name: string): string[] {
  const declaration = repo.read(file).match(new RegExp(`type ${name} =([^;]*?)\\n\\n`))
  return declaration ? [...declaration[1].matchAll(/"([a-z_]+)"/g)].map((match) => match[1]) : []
}

/** The `reason: "..."` codes answered by the source files under `dir`. */
export function answeredReasons(repo: Repo, dir: string): string[] {
  return repo.files(dir, /\.ts$/).flatMap((file) => [...repo.read(file).matchAll(/reason: "([a-z_]+)"/g)].map((match) => match[1]))
}

/** Every relative link and image of every page resolves, and so does its anchor. */
export function checkLinks(repo: Repo): Problem[] {
  const problems: Problem[] = []
  for (const file of pages(repo)) {
    for (const { line, number } of proseLines(repo.read(file))) {
      const targets = [
        ...[...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]),
        ...[...line.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]),
      ]
      for (const target of targets.filter((link) => !/^[a-z]+:/i.test(link))) {
        const [linkPath, anchor] = target.split("#")
        const resolved = linkPath ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath)) : file
        if (!repo.exists(resolved)) {
          problems.push({ file, line: number, message: `link to \`${target}\`: ${resolved} does not exist` })
        } else if (anchor && resolved.endsWith(".md") && !anchorsOf(repo.read(resolved)).has(anchor)) {
          problems.push({ file, line: number, message: `link to \`${target}\`: ${resolved} has no heading for #${anchor}` })
        }
      }
    }
  }
  return problems
}

/** Every `npm run <script>` a page names exists (the sandbox's own scripts for its README and `--workspace sandbox`). */
export function checkNpmScripts(repo: Repo): Problem[] {
  const scriptsOf = (file: string) => Object.keys((JSON.parse(repo.read(file)) as { scripts?: object }).scripts ?? {})
  const root = scriptsOf("package.json")
  const sandbox = scriptsOf("sandbox/package.json")
  const problems: Problem[] = []
  for (const file of pages(repo)) {
    repo
      .read(file)
      .split("\n")
      .forEach((line, index) => {
        for (const match of line.matchAll(/npm run (?:--silent )?([a-z][\w:.-]*)/g)) {
          const known = file.startsWith("sandbox/") || line.includes("--workspace sandbox") ? [...root, ...sandbox] : root
          if (!known.includes(match[1])) {
            problems.push({ file, line: index + 1, message: `\`npm run ${match[1]}\`: package.json has no such script` })
          }
        }
      })
  }
  return problems
}

/**
 * Every JSON example parses: ```json blocks, the request bodies of curl (`-d '{…}'`) and the answers
 * a shell block shows (a line starting `{` or `# {`, with its continuation lines until the brackets
 * close). A shortened answer writes what it leaves out as JSON too (`"…": "…"`).
 */
export function checkJsonExamples(repo: Repo): Problem[] {
  const problems: Problem[] = []
  const parse = (file: string, line: number, json: string, what: string) => {
    try {
      JSON.parse(json)
    } catch (error) {
      problems.push({ file, line, message: `${what} is not JSON (${(error as Error).message}): ${json.slice(0, 80)}` })
    }
  }
  for (const file of pages(repo)) {
    for (const block of codeBlocks(repo.read(file))) {
      if (block.language === "json") {
        parse(file, block.start, block.lines.join("\n"), "the json block")
        continue
      }
      if (!["bash", "sh", "shell", ""].includes(block.language)) {
        continue
      }
      for (let index = 0; index < block.lines.length; index++) {
        const line = block.lines[index]
        for (const body of line.matchAll(/\s-d\s+'(\{.*\}|\[.*\])'/g)) {
          parse(file, block.start + index, body[1], "the request body")
        }
        const answer = /^(#\s*)?([{[])/.exec(line)
        if (!answer) {
          continue
        }
        const comment = !!answer[1]
        const parts: string[] = []
        let depth = 0
        let end = index
        for (; end < block.lines.length; end++) {
          const part = comment ? block.lines[end].replace(/^#\s?/, "") : block.lines[end]
          if (comment && end > index && !block.lines[end].startsWith("#")) {
            break
          }
          parts.push(part)
          depth += bracketDepth(part)
          if (depth <= 0) {
            break
          }
        }
        parse(file, block.start + index, parts.join("\n"), "the answer")
        index = end
      }
    }
  }
  return problems
}

// How many brackets a line opens less those it closes, outside strings.
function bracketDepth(line: string): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (inString) {
      if (char === "\\") i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === "{" || char === "[") depth++
    else if (char === "}" || char === "]") depth--
  }
  return depth
}

/** Where the suite's figures (test counts, run and spec times) are stated: one table, nowhere else. */
export const FIGURES_HOME = { file: "docs/contributing.md", section: "Time per spec" }

const SUITE_COUNT = /\b\d[\d,]*\s+(?:(?:unit|integration|browser|checkout)\s+)?(?:tests|passed)\b/i
const SUITE_WORDS = /npm test|unit tests|integration tests|the suite|full run|wall time|\bspecs?\b|spec\.ts/gi
const DURATION = /\b\d[\d,]*(?:\.\d+)?\s*(?:s|seconds|min|minutes)\b/
// A time is the suite's when it follows a word for the suite closely (`npm test` … 9 minutes).
const NEAR = 90

function suiteTime(line: string): string | undefined {
  for (const word of line.matchAll(SUITE_WORDS)) {
    const time = DURATION.exec(line.slice(word.index, word.index + NEAR))
    if (time) {
      return time[0]
    }
  }
  return undefined
}

/**
 * No figure of the suite stated twice: counts of tests and times of `npm test`, the unit tests or a
 * spec appear only in FIGURES_HOME's table, and each spec has one row there. A figure said twice
 * drifts: the day one is updated, the other is wrong.
 */
export function checkSuiteFigures(repo: Repo): Problem[] {
  const problems: Problem[] = []
  // The changelog records past figures, dated, on purpose.
  for (const file of pages(repo).filter((page) => page !== "CHANGELOG.md")) {
    const home =
      file === FIGURES_HOME.file ? new Set(section(repo.read(file), FIGURES_HOME.section).map(({ number }) => number)) : new Set()
    for (const { line, number } of proseLines(repo.read(file))) {
      if (home.has(number)) {
        continue
      }
      const figure = SUITE_COUNT.exec(line)?.[0] ?? suiteTime(line)
      if (figure) {
        problems.push({
          file,
          line: number,
          message: `"${figure}" states a figure of the suite; it belongs once, in ${FIGURES_HOME.file} ("${FIGURES_HOME.section}")`,
        })
      }
    }
  }
  const rows = section(repo.read(FIGURES_HOME.file), FIGURES_HOME.section)
    .map(({ line, number }) => ({ cell: tableCells(line)?.[0], number }))
    .filter((row): row is { cell: string; number: number } => !!row.cell && row.cell !== "spec")
  const seen = new Map<string, number>()
  for (const { cell, number } of rows) {
    if (seen.has(cell)) {
      problems.push({ file: FIGURES_HOME.file, line: number, message: `${cell} has two rows (lines ${seen.get(cell)} and ${number})` })
    }
    seen.set(cell, number)
  }
  return problems
}

/** The README stays a front page. */
export function checkReadmeLength(repo: Repo, most = 120): Problem[] {
  const lines = repo.read("README.md").trimEnd().split("\n").length
  return lines > most ? [{ file: "README.md", message: `${lines} lines; a front page has at most ${most}` }] : []
}

/** Runs one check; a check that throws (a page gone, a table renamed) is itself a problem. */
export function run(name: string, check: () => Problem[]): { name: string; problems: Problem[] } {
  try {
    return { name, problems: check() }
  } catch (error) {
    return { name, problems: [{ file: "(docs check)", message: `${name} could not run: ${(error as Error).message}` }] }
  }
}

/** The fields a validated route reads: `METHOD /path` to its query's or body's field names. */
export type RouteFields = Record<string, string[]>

/**
 * The route, method and validator of each `validateAndTransform{Query,Body}(Name)` entry of
 * src/api/middlewares.ts, with the file the validator is imported from.
 */
export function validatedRoutes(repo: Repo): { route: string; schema: string; from: string }[] {
  const file = "src/api/middlewares.ts"
  const text = repo.read(file)
  const imports = new Map<string, string>()
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of match[1]
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      imports.set(name, path.posix.join("src/api", match[2]))
    }
  }
  return [...text.matchAll(/matcher:\s*"([^"]+)",\s*method:\s*\["(\w+)"\][^}]*?validateAndTransform(?:Query|Body)\((\w+)/g)].map(
    (match) => ({ route: `${match[2]} ${match[1]}`, schema: match[3], from: imports.get(match[3]) ?? "" })
  )
}

/** The field names of a zod object schema, through its refinements, pipes, defaults and optionals. */
export function schemaFields(schema: unknown): string[] {
  type Schema = { shape?: Record<string, unknown>; _zod?: { def: Record<string, unknown> } } | undefined
  const queue: Schema[] = [schema as Schema]
  for (let seen = 0; queue.length && seen < 20; seen++) {
    const current = queue.shift()
    if (current?.shape) {
      return Object.keys(current.shape).sort()
    }
    const def = current?._zod?.def
    queue.push(...([def?.in, def?.out, def?.innerType, def?.schema].filter(Boolean) as Schema[]))
  }
  return []
}

/** The names a route table's "Query or body" cell lists: `a?`, `b`, `format=json|csv`, `{c?, d, …}`. */
export function tabledFields(cell: string): string[] {
  return codeSpans(cell)
    .flatMap((span) => span.replace(/^\{|\}$/g, "").split(","))
    .map((name) => name.trim().replace(/[?]$/, "").replace(/=.*$/, ""))
    .filter((name) => /^[a-z_]+$/.test(name))
    .sort()
}

/**
 * Each admin and store route's query fields in back-office-api.md's route table are the fields its
 * validator reads (a route without one reads none); a body's listed fields are fields of its
 * validator (a body may be abbreviated with `…`).
 */
export function checkRouteFields(repo: Repo, fields: RouteFields): Problem[] {
  const file = "docs/back-office-api.md"
  const problems: Problem[] = []
  for (const { line, number } of proseLines(repo.read(file))) {
    const cells = tableCells(line)
    const route = cells && /^`((GET|POST) \/(?:admin|store)\/installments\/[^`]*)`$/.exec(cells[0])
    if (!route || !cells) {
      continue
    }
    const said = tabledFields(cells[1] ?? "")
    // Medusa reads a store request's `locale` itself (`?locale=` or the `x-medusa-locale` header).
    const read = [...(fields[route[1]] ?? []), ...(route[1].includes(" /store/") ? ["locale"] : [])]
    const wrong = said.filter((name) => !read.includes(name))
    const missing = route[2] === "GET" ? (fields[route[1]] ?? []).filter((name) => !said.includes(name)) : []
    if (wrong.length) {
      problems.push({
        file,
        line: number,
        message: `\`${route[1]}\` is said to take ${wrong.join(", ")}; its validator reads ${read.join(", ") || "nothing"}`,
      })
    }
    if (missing.length) {
      problems.push({ file, line: number, message: `\`${route[1]}\` reads ${missing.join(", ")}, which the table leaves out` })
    }
  }
  return problems
}

/** Every value of `values` named as a code span in the section of `file` whose heading is `heading`. */
export function checkValuesNamed(repo: Repo, file: string, heading: string, values: readonly string[], what: string): Problem[] {
  const text = section(repo.read(file), heading)
    .map(({ line }) => line)
    .join("\n")
  if (!text) {
    return [{ file, message: `no section "${heading}"` }]
  }
  return values
    .filter((value) => !text.includes(`\`${value}\``))
    .map((value) => ({ file, message: `${what} \`${value}\` is not named under "${heading}"` }))
}

/** A count of the plugin's admin routes stated in prose ("all 16 admin routes") matches the route files. */
export function checkRouteCounts(repo: Repo): Problem[] {
  const admin = apiRoutes(repo).filter((route) => route.includes(" /admin/")).length
  const problems: Problem[] = []
  for (const file of pages(repo).filter((page) => page !== "CHANGELOG.md")) {
    for (const { line, number } of proseLines(repo.read(file))) {
      for (const match of line.matchAll(/\b(\d+)\s+(?:admin\s+|back-office\s+)?routes\b/g)) {
        if (Number(match[1]) !== admin) {
          problems.push({ file, line: number, message: `"${match[0]}": the plugin has ${admin} admin routes (method and path)` })
        }
      }
    }
  }
  return problems
}

/** Pages not yet held to the rules below, with why (each entry is a debt: remove it when the page is fixed). */
export const NOT_YET_CHECKED: Record<string, string> = {
  "sandbox/README.md": "the sandbox's own page, outside the docs' change",
}

/** An absolute path of one machine: a home, a temporary or a work folder (`/tmp/x`, `/home/u`, `/root/x`, `/work/x`). */
const MACHINE_PATH = /(?<![\w.:/~-])\/(?:tmp|home|root|work|Users|var\/folders|private\/tmp|mnt|srv)\/[\w.-]+/

/** No page holds an absolute path of a machine: a reader's machine has none of them. */
export function checkMachinePaths(repo: Repo): Problem[] {
  return pages(repo)
    .filter((file) => !(file in NOT_YET_CHECKED))
    .flatMap((file) =>
      repo
        .read(file)
        .split("\n")
        .flatMap((line, index) => {
          const found = MACHINE_PATH.exec(line)
          return found ? [{ file, line: index + 1, message: `\`${found[0]}\` is a path of one machine; say what it is instead` }] : []
        })
    )
}

/**
 * Every decision of decisions.md has exactly one anchor (`<a id="dN">`), numbered without gaps; every
 * link whose text is a decision number goes to that decision's anchor; no page cites a decision by a
 * bare number outside a link or code.
 */
export function checkDecisionLinks(repo: Repo): Problem[] {
  const file = "docs/decisions.md"
  const text = repo.read(file)
  const problems: Problem[] = []
  const anchors = [...text.matchAll(/<a id="d(\d+)"><\/a>/g)].map((match) => Number(match[1]))
  const highest = Math.max(0, ...anchors)
  for (let n = 1; n <= highest; n++) {
    const count = anchors.filter((anchor) => anchor === n).length
    if (count !== 1) {
      problems.push({ file, message: `D${n} has ${count} anchors (<a id="d${n}"></a>); each decision has one` })
    }
  }
  for (const page of pages(repo).filter((name) => !(name in NOT_YET_CHECKED))) {
    for (const { line, number } of proseLines(repo.read(page))) {
      for (const match of line.matchAll(/\[[^\]]*?\bD(\d+)\b[^\]]*\]\(([^)]*)\)/g)) {
        const target = match[2]
        const own = page === file ? target === `#d${match[1]}` : new RegExp(`decisions\\.md#d${match[1]}$`).test(target)
        if (!own && /decisions\.md|^#d/.test(target)) {
          problems.push({ file: page, line: number, message: `link \`${match[0]}\` does not go to #d${match[1]}` })
        }
      }
      const bare = line
        .replace(/`[^`]*`/g, "")
        .replace(/\[[^\]]*\]\([^)]*\)/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/^#+ .*/, "")
        .replace(/\*\*D\d+\.[^*]*\*\*/g, "")
      const cited = /(?<![\w#/-])D(\d{1,2})\b/.exec(bare)
      if (cited && Number(cited[1]) <= highest) {
        problems.push({ file: page, line: number, message: `${cited[0]} is cited without a link to decisions.md#d${cited[1]}` })
      }
    }
  }
  return problems
}

/** The plugin's stored things: its data models (`model.define`) and every table its migrations create. */
export function storedCounts(repo: Repo): { models: number; tables: number } {
  const models = repo
    .files("src/modules/installments/models", /\.ts$/)
    .filter((file) => /\bmodel\s*\.define\(\s*"installments_/.test(repo.read(file))).length
  const tables = new Set(
    repo
      .files("src/modules/installments/migrations", /\.ts$/)
      .flatMap((file) =>
        [...repo.read(file).matchAll(/create table (?:if not exists )?\\?"?(installments_\w+)/gi)].map((match) => match[1])
      )
  )
  return { models, tables: tables.size }
}

/**
 * A count of the plugin's stored things stated in prose matches the code: "N models" the data models,
 * "N tables" every table the migrations create, "N tables of plain SQL" those no model declares.
 */
export function checkStoredCounts(repo: Repo): Problem[] {
  const { models, tables } = storedCounts(repo)
  const problems: Problem[] = []
  for (const file of pages(repo).filter((page) => page !== "CHANGELOG.md")) {
    for (const { line, number } of proseLines(repo.read(file))) {
      for (const match of line.matchAll(/\b(\d+)\s+(?:data\s+)?(models|tables)\b( of plain SQL)?/g)) {
        const expected = match[2] === "models" ? models : match[3] ? tables - models : tables
        const what = match[2] === "models" ? "data models" : match[3] ? "tables of plain SQL (no model)" : "tables in its migrations"
        if (Number(match[1]) !== expected) {
          problems.push({ file, line: number, message: `"${match[0]}": the plugin has ${expected} ${what}` })
        }
      }
    }
  }
  return problems
}

/** The refund causes of src/installments/refunds/keys.ts: each name's prefix and its number of parts (`return:<a>:<b>:<c>` is 3). */
export function refundKeyFormats(repo: Repo): Map<string, number> {
  const text = repo.read("src/installments/refunds/keys.ts")
  return new Map(
    [...text.matchAll(/causeKey\(\s*`([a-z-]+):([^`]*)`/g)].map((match) => [match[1], match[2].split(":").length] as const)
  )
}

/**
 * The refund keys' cause names in decisions.md's D53 are the code's: every cause the code names, with
 * as many parts, and no cause the code lacks (`return:<return id>:<payment id>:<receipt>`).
 */
export function checkRefundKeyFormats(repo: Repo, formats: Map<string, number>): Problem[] {
  const file = "docs/decisions.md"
  const text = repo.read(file)
  const start = text.indexOf('<a id="d53"></a>')
  if (start < 0 || !formats.size) {
    return [
      { file, message: start < 0 ? "no D53 (refund keys)" : "no refund causes read from keys.ts: the reader of the code is broken" },
    ]
  }
  const next = text.indexOf("<a id=", start + 1)
  const said = new Map(
    codeSpans(text.slice(start, next < 0 ? undefined : next))
      .map((span) => /^([a-z-]+):(<[^>]+>(?::<[^>]+>)*)$/.exec(span))
      .filter((match): match is RegExpExecArray => !!match)
      .map((match) => [match[1], match[2].split(":").length] as const)
  )
  return [
    ...[...formats]
      .filter(([cause, parts]) => said.get(cause) !== parts)
      .map(([cause, parts]) => ({
        file,
        message: said.has(cause)
          ? `refund key \`${cause}:…\` has ${said.get(cause)} part(s) in D53; the code's has ${parts}`
          : `refund key cause \`${cause}:…\` (keys.ts) is not named in D53`,
      })),
    ...[...said.keys()]
      .filter((cause) => !formats.has(cause))
      .map((cause) => ({ file, message: `refund key cause \`${cause}:…\` is in D53 but not in keys.ts` })),
  ]
}

/** A reference to a work tracker's item: an issue or pull request number. */
const TRACKER_REFERENCE = /\b(?:issues?|PR|pull request)\s+#?\d+\b|(?<![\w/-])#\d+\s+\((?:issue|PR)\)/i

/** No page but the changelog cites an issue or pull request by number: readers have no tracker to follow. */
export function checkTrackerReferences(repo: Repo): Problem[] {
  return pages(repo)
    .filter((file) => file !== "CHANGELOG.md" && !(file in NOT_YET_CHECKED))
    .flatMap((file) =>
      proseLines(repo.read(file)).flatMap(({ line, number }) => {
        const found = TRACKER_REFERENCE.exec(line.replace(/\]\([^)]*\)/g, "]"))
        return found
          ? [{ file, line: number, message: `"${found[0]}" cites a tracker's item; say what it means, or leave it to CHANGELOG.md` }]
          : []
      })
    )
}

/** The pages whose code spans name files of this repository, and the folders those names are relative to. */
export const PATH_PAGES = [
  "docs/architecture.md",
  "docs/security.md",
  "docs/contributing.md",
  "docs/operations.md",
  "docs/health.md",
  "docs/troubleshooting.md",
]

/** A repository path in a code span: a file with a source extension under a folder, or a folder of two or more levels ending in `/`. */
const NAMED_PATH = /^(?:[\w.[\]-]+\/)+[\w.[\]-]+\.(?:ts|tsx|js|mjs|sh|json)$|^[\w.[\]-]+(?:\/[\w.[\]-]+)+\/$/

/** Every file or folder named by its path in PATH_PAGES exists, from the repository's root or from `src/`. */
export function checkNamedPaths(repo: Repo): Problem[] {
  const problems: Problem[] = []
  for (const file of PATH_PAGES.filter((page) => repo.exists(page))) {
    for (const { line, number } of proseLines(repo.read(file))) {
      for (const span of codeSpans(line)) {
        if (!NAMED_PATH.test(span) || span.startsWith("node_modules/") || /^(?:\.demo|test-results|\.medusa)\//.test(span)) {
          continue
        }
        const bare = span.replace(/\/$/, "")
        if (![bare, `src/${bare}`].some((candidate) => repo.exists(candidate))) {
          problems.push({ file, line: number, message: `\`${span}\` names no file or folder of the repository (nor under src/)` })
        }
      }
    }
  }
  return problems
}

/** Every row of a Markdown table has as many cells as its header (a `|` inside a code span is text, as an escaped `\|`). */
export function checkTableShapes(repo: Repo): Problem[] {
  const problems: Problem[] = []
  for (const file of pages(repo).filter((page) => page !== "CHANGELOG.md")) {
    let header: number | undefined
    for (const { line, number } of proseLines(repo.read(file))) {
      if (!/^\s*\|/.test(line)) {
        header = undefined
        continue
      }
      const cells = line
        .replace(/`[^`]*`/g, "x")
        .trim()
        .replace(/^\||\|$/g, "")
        .split(/(?<!\\)\|/).length
      if (header === undefined) {
        header = cells
      } else if (cells !== header) {
        problems.push({ file, line: number, message: `a table row with ${cells} cells under a header of ${header}` })
      }
    }
  }
  return problems
}
