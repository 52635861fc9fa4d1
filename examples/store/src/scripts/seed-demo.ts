import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

const REGION_NAME = "Saudi Arabia"

/** The installments registrations of medusa-config.ts, all offered in the Saudi region. */
const PAYMENT_PROVIDERS = ["pp_installments_installments", "pp_installments_bnpl", "pp_installments_card"]

// Prices (VAT included, as Saudi shelf prices are) on each side of the banks' minimum baskets:
// 250 SAR is below every bank's (card only), 450 SAR meets Al Rajhi's 300, 1,200 SAR also SNB's 1,000.
const PRODUCTS = [
  { handle: "dallah", title: "Brass dallah coffee pot", title_ar: "دلة قهوة نحاسية", price: 250 },
  { handle: "oud-perfume", title: "Oud perfume, 100 ml", title_ar: "عطر عود، 100 مل", price: 450 },
  { handle: "prayer-rug", title: "Hand-woven silk prayer rug", title_ar: "سجادة صلاة حرير منسوجة يدويًا", price: 1200 },
]

/**
 * Seeds the demo store through Medusa's own workflows: a SAR region with 15% VAT offering the
 * installments providers, a sales channel with its publishable key, a stock location with free
 * delivery, and three products. Does nothing when the region exists (a second `npm run demo`).
 */
export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)

  const { data: existing } = await query.graph({ entity: "region", fields: ["id"], filters: { name: REGION_NAME } })
  if (existing.length) {
    logger.info("seed-demo: the store is already seeded")
    return
  }

  // `medusa db:migrate` already made a default sales channel and publishable key: use them, as the starter does.
  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["id", "default_sales_channel_id"] })
  const channel = store.default_sales_channel_id
    ? { id: store.default_sales_channel_id }
    : (await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Default Sales Channel" }] } }))
        .result[0]
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Demo store",
        supported_currencies: [{ currency_code: "sar", is_default: true, is_tax_inclusive: true }],
        default_sales_channel_id: channel.id,
      },
    },
  })

  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: REGION_NAME, currency_code: "sar", countries: ["sa"], is_tax_inclusive: true, payment_providers: PAYMENT_PROVIDERS },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: "sa", provider_id: "tp_system", default_tax_rate: { rate: 15, code: "VAT", name: "VAT 15%" } }],
  })

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Riyadh warehouse", address: { city: "Riyadh", country_code: "sa", address_1: "King Fahd Road" } }] },
  })
  await updateStoresWorkflow(container).run({ input: { selector: { id: store.id }, update: { default_location_id: location.id } } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })

  const [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  const shippingProfile =
    profile ??
    (await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } })).result[0]
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: "Saudi delivery",
    type: "shipping",
    service_zones: [{ name: "Saudi Arabia", geo_zones: [{ country_code: "sa", type: "country" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Free delivery (2-4 days)",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: shippingProfile.id,
        type: { label: "Standard", description: "2-4 days", code: "standard" },
        prices: [
          { currency_code: "sar", amount: 0 },
          { region_id: region.id, amount: 0 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } })

  const {
    data: [existingKey],
  } = await query.graph({ entity: "api_key", fields: ["id", "token"], filters: { type: "publishable" } })
  const apiKey =
    existingKey ??
    (
      await createApiKeysWorkflow(container).run({
        input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] },
      })
    ).result[0]
  if (!existingKey || !store.default_sales_channel_id) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [channel.id] } })
  }

  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: PRODUCTS.map((product) => ({
        title: product.title,
        handle: product.handle,
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: shippingProfile.id,
        metadata: { title_ar: product.title_ar },
        options: [{ title: "Edition", values: ["Standard"] }],
        variants: [
          {
            title: "Standard",
            sku: `DEMO-${product.handle.toUpperCase()}`,
            options: { Edition: "Standard" },
            prices: [{ amount: product.price, currency_code: "sar" }],
          },
        ],
        sales_channels: [{ id: channel.id }],
      })),
    },
  })

  const { data: items } = await query.graph({ entity: "inventory_item", fields: ["id"] })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: items.map((item) => ({ location_id: location.id, stocked_quantity: 1000, inventory_item_id: item.id })),
    },
  })
  logger.info(`seed-demo: region ${region.id}, ${products.length} products, publishable key ${apiKey.token}`)
}
