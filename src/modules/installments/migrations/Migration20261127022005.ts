import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The checkouts the Insights page counts (installments_checkout): one row per session with a link, by when it started. */
export class Migration20261127022005 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_checkout" drop constraint if exists "installments_checkout_session_id_unique";`)
    this.addSql(
      `create table if not exists "installments_checkout" ("id" text not null, "session_id" text not null, "provider_id" text null, "payment_link_id" text not null, "started_at" timestamptz not null, "amount" numeric not null, "outcome" text check ("outcome" in ('paid', 'bank_declined', 'card_declined', 'abandoned', 'open', 'not_placed')) not null, "bank_rejections" integer not null default 0, "card_declines" integer not null default 0, "payment_option" text null, "bank" text null, "tenure_months" text null, "transaction_id" text null, "fee" numeric null, "fee_vat" numeric null, "progress" integer not null default 0, "decided_at" timestamptz not null, "raw_amount" jsonb not null, "raw_fee" jsonb null, "raw_fee_vat" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_checkout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_checkout_deleted_at" ON "installments_checkout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_checkout_session_id_unique" ON "installments_checkout" ("session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_checkout_started_at" ON "installments_checkout" ("started_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_checkout" cascade;`)
  }
}
