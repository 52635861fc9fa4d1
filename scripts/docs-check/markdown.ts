/** A fenced code block of a Markdown page: its language, its lines and the line it starts on (1-based). */
export interface CodeBlock {
  language: string
  lines: string[]
  /** The line of the first line inside the fence. */
  start: number
}

/** The fenced code blocks of a page. */
export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  let open: CodeBlock | undefined
  text.split("\n").forEach((line, index) => {
    const fence = /^\s*```(\w*)/.exec(line)
    if (fence && !open) {
      open = { language: fence[1], lines: [], start: index + 2 }
    } else if (fence && open) {
      blocks.push(open)
      open = undefined
    } else if (open) {
      open.lines.push(line)
    }
  })
  return blocks
}

/** The page's lines outside code blocks, with their line numbers (1-based); code lines are blanked. */
export function proseLines(text: string): { line: string; number: number }[] {
  let inCode = false
  return text.split("\n").map((line, index) => {
    if (/^\s*```/.test(line)) {
      inCode = !inCode
      return { line: "", number: index + 1 }
    }
    return { line: inCode ? "" : line, number: index + 1 }
  })
}

/**
 * The anchors GitHub gives a page: each heading's text lowercased, without punctuation (letters,
 * digits, spaces, `-` and `_` kept), spaces as `-`, a repeated one suffixed `-1`, `-2`...; and the
 * `id`/`name` of HTML anchors.
 */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const { line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      const base = heading[1]
        // HTML tags go; `<id>` in a code span is text and stays (GitHub keeps its letters).
        .replace(/<\/?(?:a|img|br|span|div|sup|sub|code)\b[^>]*>/gi, "")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-")
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count ? `${base}-${count}` : base)
    }
    for (const html of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) {
      anchors.add(html[1])
    }
  }
  return anchors
}

/** The lines of the section under the heading `title` (any level), up to the next heading of its level or above. */
export function section(text: string, title: string): { line: string; number: number }[] {
  const lines = proseLines(text)
  const start = lines.findIndex(({ line }) => new RegExp(`^#{1,6}\\s+${escape(title)}\\s*$`).test(line))
  if (start < 0) {
    return []
  }
  const level = /^#+/.exec(lines[start].line)![0].length
  const end = lines.findIndex(({ line }, index) => index > start && new RegExp(`^#{1,${level}}\\s`).test(line))
  return lines.slice(start + 1, end < 0 ? undefined : end)
}

/** The cells of a Markdown table row, or nothing for a line that is not one (or is its separator). */
export function tableCells(line: string): string[] | undefined {
  if (!/^\s*\|/.test(line) || /^\s*\|[\s|:-]+\|?\s*$/.test(line)) {
    return undefined
  }
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
}

/** The backticked spans of a text. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1])
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}
