import QRCode from "qrcode"

/** A QR code of a link's URL, as SVG for print and as a PNG data URL for screens and messages. */
export async function qrCodeOf(url: string): Promise<{ svg: string; png_data_url: string }> {
  // Level M survives a smudged counter sticker; the quiet zone of 2 modules is enough on white.
  const options = { errorCorrectionLevel: "M" as const, margin: 2 }
  const [svg, png] = await Promise.all([
    QRCode.toString(url, { ...options, type: "svg" }),
    QRCode.toDataURL(url, { ...options, width: 512 }),
  ])
  return { svg, png_data_url: png }
}
