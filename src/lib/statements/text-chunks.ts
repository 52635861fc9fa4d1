/** About how much text one chunk of a download holds: 64 Ki characters. */
export const DOWNLOAD_CHUNK_CHARS = 64 * 1024

/**
 * Lines gathered into chunks of about `chunkChars` characters, in order, each chunk handed on as soon
 * as it is full. A download written a line at a time costs a write (and its buffers) per row: a
 * statement of a million rows would be a million writes to the socket.
 */
export async function* textChunks(lines: AsyncIterable<string>, chunkChars = DOWNLOAD_CHUNK_CHARS): AsyncGenerator<string> {
  let chunk = ""
  for await (const line of lines) {
    chunk += line
    if (chunk.length >= chunkChars) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk) {
    yield chunk
  }
}
