import { PNG } from "pngjs"
import QRCode from "qrcode"
import { qrCodeOf } from "../qr-code"

const URLS = [
  "https://pay.example.sa/payment-link/2964e929-1234-4567-89ab-1234567890ab",
  `https://pay.example.sa/payment-link/${"x".repeat(600)}`,
]

function decode(dataUrl: string): PNG {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/)
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"))
}

describe("qrCodeOf", () => {
  it.each(URLS)("draws the PNG pixel for pixel as qrcode's own renderer does (%#)", async (url) => {
    const { png_data_url } = await qrCodeOf(url)
    const ours = decode(png_data_url)
    const theirs = decode(await QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: 512 }))
    expect([ours.width, ours.height]).toEqual([512, 512])
    expect([theirs.width, theirs.height]).toEqual([512, 512])
    let differing = 0
    let dark = 0
    for (let i = 0; i < ours.data.length; i += 4) {
      differing += ours.data[i] === theirs.data[i] ? 0 : 1
      dark += ours.data[i] === 0 ? 1 : 0
    }
    expect(differing).toBe(0)
    // A real code, not a blank square: roughly half of the symbol is dark.
    expect(dark).toBeGreaterThan(512 * 512 * 0.25)
  })

  it("gives the SVG of the same code and a PNG smaller than qrcode's", async () => {
    const url = URLS[0]
    const { svg, png_data_url } = await qrCodeOf(url)
    expect(svg).toBe(await QRCode.toString(url, { errorCorrectionLevel: "M", margin: 2, type: "svg" }))
    const theirs = await QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: 512 })
    expect(png_data_url.length).toBeLessThan(theirs.length)
  })
})
