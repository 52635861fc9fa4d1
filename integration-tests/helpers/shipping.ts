import type { AxiosInstance } from "axios"
import type { Seed } from "./seed"

type Admin = { headers: Record<string, string> }

export interface ShippingSetup {
  locationId: string
  /** Outbound shipping, 25.00 SAR. */
  shippingOptionId: string
  /** Return shipping, 10.00 SAR. */
  returnOptionId: string
  /** Two products that ship, priced 100.00 and 60.00 SAR before 15% VAT. */
  variants: { perfume: string; candle: string }
}

/**
 * What a Saudi store needs to ship, fulfill and take back orders: 15% VAT, a warehouse with the
 * manual fulfillment provider, outbound (25.00) and return (10.00) shipping options, two products.
 */
export async function setUpShipping(api: AxiosInstance, admin: Admin, seed: Seed): Promise<ShippingSetup> {
  await api.post(
    "/admin/tax-regions",
    { country_code: "sa", provider_id: "tp_system", default_tax_rate: { rate: 15, code: "VAT", name: "VAT 15%" } },
    admin
  )
  const { data: location } = await api.post(
    "/admin/stock-locations",
    { name: "Riyadh warehouse", address: { address_1: "King Fahd Rd", city: "Riyadh", country_code: "sa" } },
    admin
  )
  const locationId = location.stock_location.id as string
  await api.post(`/admin/stock-locations/${locationId}/fulfillment-providers`, { add: ["manual_manual"] }, admin)
  await api.post(`/admin/stock-locations/${locationId}/sales-channels`, { add: [seed.salesChannelId] }, admin)
  const { data: withSet } = await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-sets?fields=*fulfillment_sets`,
    { name: "Riyadh shipping", type: "shipping" },
    admin
  )
  const setId = withSet.stock_location.fulfillment_sets[0].id as string
  const { data: zoned } = await api.post(
    `/admin/fulfillment-sets/${setId}/service-zones`,
    { name: "Saudi Arabia", geo_zones: [{ type: "country", country_code: "sa" }] },
    admin
  )
  const zoneId = zoned.fulfillment_set.service_zones[0].id as string
  const { data: profiles } = await api.get("/admin/shipping-profiles", admin)
  const profileId =
    (profiles.shipping_profiles[0]?.id as string | undefined) ??
    (await api.post("/admin/shipping-profiles", { name: "Default", type: "default" }, admin)).data.shipping_profile.id
  const option = async (name: string, amount: number, isReturn: boolean) =>
    (
      await api.post(
        "/admin/shipping-options",
        {
          name,
          service_zone_id: zoneId,
          shipping_profile_id: profileId,
          provider_id: "manual_manual",
          price_type: "flat",
          type: { label: name, description: name, code: isReturn ? "return" : "standard" },
          prices: [{ currency_code: "sar", amount }],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: isReturn ? "true" : "false", operator: "eq" },
          ],
        },
        admin
      )
    ).data.shipping_option.id as string
  const shippingOptionId = await option("Standard shipping", 25, false)
  const returnOptionId = await option("Return shipping", 10, true)
  const product = async (title: string, amount: number) =>
    (
      await api.post(
        "/admin/products",
        {
          title,
          status: "published",
          shipping_profile_id: profileId,
          options: [{ title: "Size", values: ["One"] }],
          variants: [{ title: "One", options: { Size: "One" }, manage_inventory: false, prices: [{ currency_code: "sar", amount }] }],
          sales_channels: [{ id: seed.salesChannelId }],
        },
        admin
      )
    ).data.product.variants[0].id as string
  return {
    locationId,
    shippingOptionId,
    returnOptionId,
    variants: { perfume: await product("Oud perfume 100ml", 100), candle: await product("Amber candle", 60) },
  }
}
