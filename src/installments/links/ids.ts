/**
 * The one way two payment link ids are compared: the service's ids are UUIDs, which it may spell in
 * either case (a session keeps the id as the creation answer spelled it; a webhook or a list may
 * spell it otherwise), so they are equal when they are equal ignoring case.
 */
export function sameLinkId(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === "string" && typeof b === "string" && !!a && a.toLowerCase() === b.toLowerCase()
}

/** The form of a link id used as a key in maps and caches: the same for every spelling of one id. */
export function linkIdKey(id: string): string {
  return id.toLowerCase()
}
