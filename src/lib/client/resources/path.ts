import { UUID } from "../schemas/common"
import { validateRequest } from "../validate"

/** Checks a path parameter is a UUID and encodes it, so no caller input can change the path. */
export function pathId(value: string, name: string): string {
  return encodeURIComponent(validateRequest(UUID, value, `${name} (path parameter)`))
}
