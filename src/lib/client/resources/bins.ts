import { BinLookupParams, BinRecord } from "../schemas/bins"
import { HttpClient } from "../http"
import { validateRequest } from "../validate"

/** Card BIN eligibility lookup (endpoint 1). Server-side only: BINs are card data. */
export class Bins {
  constructor(private readonly http: HttpClient) {}

  /** Looks up a 6 to 8 digit BIN, optionally against an order amount in SAR. */
  async lookup(params: BinLookupParams): Promise<BinRecord> {
    const query = validateRequest(BinLookupParams, params, "BIN lookup")
    return this.http.json(
      {
        method: "GET",
        path: "/check/bin_numbers_lookup/",
        query: { bin: query.bin, amount: query.amount === undefined ? undefined : String(query.amount) },
        retry: "transient",
        family: "default",
      },
      BinRecord
    )
  }
}
