import QRCode from "qrcode"
import { pngOfModules } from "./qr-png"

// Level M survives a smudged counter sticker; the quiet zone of 2 modules is enough on white.
const LEVEL = "M" as const
const MARGIN = 2
const PNG_WIDTH = 512

/** A QR code of a link's URL, as SVG for print and as a PNG data URL for screens and messages. */
export async function qrCodeOf(url: string): Promise<{ svg: string; png_data_url: string }> {
  const svg = await QRCode.toString(url, { errorCorrectionLevel: LEVEL, margin: MARGIN, type: "svg" })
  const { modules } = QRCode.create(url, { errorCorrectionLevel: LEVEL })
  const png = pngOfModules(modules, PNG_WIDTH, MARGIN)
  return { svg, png_data_url: `data:image/png;base64,${png.toString("base64")}` }
}
