import { deflateSync } from "node:zlib"

/** A QR code's modules as the qrcode package makes them: `size` rows of `size`, 1 for dark. */
export interface QrModules {
  size: number
  data: Uint8Array
}

/**
 * The modules as a black-on-white PNG `width` pixels wide with a quiet zone of `margin` modules,
 * pixel for pixel what qrcode's own PNG renderer draws. Written here as 1-bit grayscale because
 * that renderer builds a 32-bit RGBA image and tries five filters on every byte: for two colours
 * it is 20 times the work (about 45 ms a code, seconds under a test runner's sandbox) for a file
 * of the same size.
 */
export function pngOfModules(modules: QrModules, width: number, margin: number): Buffer {
  const { size, data } = modules
  const scale = width / (size + margin * 2)
  const inset = margin * scale
  const rowBytes = Math.ceil(width / 8)
  // Each row starts with its filter type, 0 (None); a set bit is a white pixel.
  const pixels = Buffer.alloc((rowBytes + 1) * width, 0)
  for (let y = 0; y < width; y++) {
    const row = y * (rowBytes + 1) + 1
    const inRows = y >= inset && y < width - inset
    const source = inRows ? (((y - inset) / scale) | 0) * size : -1
    for (let x = 0; x < width; x++) {
      const dark = inRows && x >= inset && x < width - inset && data[source + (((x - inset) / scale) | 0)] === 1
      if (!dark) {
        pixels[row + (x >> 3)] |= 0x80 >> (x & 7)
      }
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(width, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(body.length + 12)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, "latin1")
  body.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length)
  return out
}

// zlib.crc32 exists only from Node 20.15; the plugin supports every Node 20.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  }
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  }
  return (crc ^ 0xffffffff) >>> 0
}
