import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122214328 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "installments_payment_link" drop constraint if exists "installments_payment_link_payment_link_id_unique";`
    )
    this.addSql(
      `create table if not exists "installments_payment_link" ("id" text not null, "payment_link_id" text not null, "provider_id" text not null, "url" text not null, "environment" text not null, "amount" numeric not null, "title" text not null, "single_use" boolean not null default true, "expires_at" timestamptz null, "created_by" text null, "status" text not null default 'Unpaid', "transaction_id" text null, "paid_at" timestamptz null, "payment_option" text null, "bank_name" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_payment_link_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_payment_link_payment_link_id_unique" ON "installments_payment_link" ("payment_link_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_payment_link_transaction_id" ON "installments_payment_link" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_payment_link_deleted_at" ON "installments_payment_link" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(`alter table if exists "installments_webhook_event" add column if not exists "provider_id" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_payment_link" cascade;`)

    this.addSql(`alter table if exists "installments_webhook_event" drop column if exists "provider_id";`)
  }
}
