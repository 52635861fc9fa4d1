import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The Insights roll-up (D47): each ended UTC day's figures, summed once by the roll-up job and read
 * by the Insights route with plain SQL (no module model: nothing else reads or writes them), and the
 * index on installments_checkout.updated_at through which a change since the last run is found.
 */
export class Migration20261127060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "installments_insights_day" ("id" bigint generated always as identity primary key, "day" date not null, "provider_id" text null, "payment_option" text null, "bank" text null, "tenure" text null, "orders" integer not null, "value" numeric not null, "refunded" numeric not null, "refunded_orders" integer not null, "fee" numeric not null, "fee_vat" numeric not null, "with_fee" integer not null, "value_with_fee" numeric not null);`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_installments_insights_day_day" ON "installments_insights_day" ("day");`)
    this.addSql(
      `create table if not exists "installments_insights_funnel_day" ("id" bigint generated always as identity primary key, "day" date not null, "outcome" text not null, "provider_id" text null, "checkouts" integer not null, "amount" numeric not null, "with_refusal" integer not null, "bank_rejections" integer not null, "card_declines" integer not null);`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_installments_insights_funnel_day_day" ON "installments_insights_funnel_day" ("day");`)
    this.addSql(
      `create table if not exists "installments_insights_rolled_day" ("day" date not null primary key, "other_currency_orders" integer not null, "rolled_at" timestamptz not null);`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_checkout_updated_at" ON "installments_checkout" ("updated_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_installments_checkout_updated_at";`)
    this.addSql(`drop table if exists "installments_insights_rolled_day" cascade;`)
    this.addSql(`drop table if exists "installments_insights_funnel_day" cascade;`)
    this.addSql(`drop table if exists "installments_insights_day" cascade;`)
  }
}
