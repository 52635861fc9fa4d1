/** Fills `{session_id}` and `{cart_id}` of the callback template; unknown values become empty. */
export function fillCallbackUrl(template: string, values: { session_id?: string; cart_id?: string }): string {
  return template.replace(/\{(session_id|cart_id)\}/g, (_, name: "session_id" | "cart_id") => encodeURIComponent(values[name] ?? ""))
}
