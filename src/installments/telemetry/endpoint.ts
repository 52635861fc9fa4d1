// The service's paths carry ids (a store, a link, a transaction): a span or a metric is labelled with
// the path's template instead, so its cardinality stays that of the API and no id is kept.

const TEMPLATES: readonly [RegExp, string][] = [
  [/^\/payment_links\/[^/]+\/(create|list)$/, "/payment_links/{store_id}/$1"],
  [/^\/payment_links\/[^/]+\/(details|resolve)$/, "/payment_links/{payment_link_id}/$1"],
  [/^\/transactions\/refund\/[^/]+\/$/, "/transactions/refund/{transaction_id}/"],
  [/^\/transactions\/[^/]+$/, "/transactions/{transaction_id}"],
]

/** The template of a service path (`/transactions/{transaction_id}`); any segment not a plain word becomes `{id}`. */
export function pathTemplate(path: string): string {
  for (const [pattern, template] of TEMPLATES) {
    if (pattern.test(path)) {
      return path.replace(pattern, template)
    }
  }
  // A path the table does not know yet: only lower-case words survive, anything else may be an id.
  return path
    .split("/")
    .map((segment) => (segment === "" || /^[a-z_-]+$/.test(segment) ? segment : "{id}"))
    .join("/")
}

/** `2xx` … `5xx` for a status, `none` when no answer came. */
export function statusClassOf(status: number | undefined): string {
  return status === undefined ? "none" : `${Math.floor(status / 100)}xx`
}
