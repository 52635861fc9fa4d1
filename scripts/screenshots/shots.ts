import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Locator, Page } from "playwright-core"
import { ROOT } from "../demo/config"

/** Where the documentation's pictures live; a run replaces them. */
export const IMAGES_DIR = path.join(ROOT, "docs/images")

// Where this run saves: the docs' pictures, unless a script sends them elsewhere (SHOTS_DIR).
const picturesDir = () => process.env.SHOTS_DIR ?? IMAGES_DIR

/** A phone as most Saudi shoppers use, at twice the pixels so text stays sharp on GitHub. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }

/** A laptop-sized admin; GitHub scales the wider pictures down to its column. */
export const DESKTOP = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1.5 }

/**
 * The admin as tall as its longest page: the dashboard scrolls inside its own container, and an
 * element below that container's fold would be photographed blank.
 */
export const TALL_DESKTOP = { ...DESKTOP, viewport: { width: 1280, height: 2400 } }

/** Saves the part that matters: one element, or the page when no element is given. */
export async function save(name: string, page: Page, element?: Locator): Promise<void> {
  mkdirSync(picturesDir(), { recursive: true })
  const file = path.join(picturesDir(), `${name}.png`)
  // Animations finished first: a drawer caught mid-slide looks cut off at the page's edge.
  if (element) {
    await element.screenshot({ path: file, animations: "disabled" })
  } else {
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" })
  }
  process.stdout.write(`  ${path.relative(ROOT, file)}\n`)
}

/** Saves the page from its top (a sticky header included) down to the end of `element`. */
export async function saveDownTo(name: string, page: Page, element: Locator): Promise<void> {
  mkdirSync(picturesDir(), { recursive: true })
  const file = path.join(picturesDir(), `${name}.png`)
  await page.evaluate(() => window.scrollTo(0, 0))
  const box = await element.boundingBox()
  if (!box) {
    throw new Error(`${name}: the element to photograph is not on the page`)
  }
  const width = page.viewportSize()?.width ?? box.x + box.width
  await page.screenshot({
    path: file,
    fullPage: true,
    animations: "disabled",
    clip: { x: 0, y: 0, width, height: box.y + box.height + 24 },
  })
  process.stdout.write(`  ${path.relative(ROOT, file)}\n`)
}
