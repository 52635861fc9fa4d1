import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121015441 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_webhook_key" drop constraint if exists "installments_webhook_key_prefix_unique";`)
    this.addSql(
      `alter table if exists "installments_webhook_event" drop constraint if exists "installments_webhook_event_event_id_unique";`
    )
    this.addSql(`alter table if exists "installments_refund" drop constraint if exists "installments_refund_tracker_id_unique";`)
    this.addSql(
      `create table if not exists "installments_refund" ("id" text not null, "tracker_id" text not null, "idempotency_key" text null, "provider_id" text not null, "transaction_id" text not null, "payment_id" text null, "amount" numeric not null, "status" text check ("status" in ('P', 'R')) not null default 'P', "rrn" text null, "gateway_key" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_refund_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_refund_tracker_id_unique" ON "installments_refund" ("tracker_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_transaction_id" ON "installments_refund" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_deleted_at" ON "installments_refund" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "installments_webhook_event" ("id" text not null, "event_id" text not null, "event_name" text not null, "payment_link_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_webhook_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_webhook_event_event_id_unique" ON "installments_webhook_event" ("event_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_webhook_event_deleted_at" ON "installments_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "installments_webhook_key" ("id" text not null, "prefix" text not null, "public_key" text not null, "environment" text not null, "endpoint_id" text null, "url" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_webhook_key_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_webhook_key_prefix_unique" ON "installments_webhook_key" ("prefix") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_webhook_key_deleted_at" ON "installments_webhook_key" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_refund" cascade;`)

    this.addSql(`drop table if exists "installments_webhook_event" cascade;`)

    this.addSql(`drop table if exists "installments_webhook_key" cascade;`)
  }
}
