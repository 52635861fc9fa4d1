import { z } from "zod"
import { UUID } from "../schemas/common"
import { validateRequest } from "../validate"

/** Checks a path parameter is a UUID and encodes it, so no caller input can change the path. */
export function pathId(value: string, name: string): string {
  // Wrapped in an object so the issue names the parameter (`store_id`), not "(body)".
  const checked = validateRequest(z.object({ [name]: UUID }), { [name]: value }, `${name} (path parameter)`)
  return encodeURIComponent(checked[name] as string)
}
