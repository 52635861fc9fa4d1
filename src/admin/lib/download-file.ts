/** The file name a `Content-Disposition: attachment; filename="…"` header gives, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const name = header?.match(/filename="?([^";]+)"?/i)?.[1]?.trim()
  return name || fallback
}

/** Hands a downloaded body to the browser as a file named `name`, as a link with `download` would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
