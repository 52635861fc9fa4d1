import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122220417 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_dispute" drop constraint if exists "installments_dispute_event_id_unique";`)
    this.addSql(
      `create table if not exists "installments_dispute" ("id" text not null, "transaction_id" text not null, "payment_id" text null, "order_id" text null, "provider_id" text not null, "event_id" text not null, "disputed_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_dispute_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_dispute_transaction_id" ON "installments_dispute" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_dispute_order_id" ON "installments_dispute" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_dispute_event_id_unique" ON "installments_dispute" ("event_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_dispute_deleted_at" ON "installments_dispute" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(`alter table if exists "installments_refund" drop constraint if exists "installments_refund_status_check";`)

    this.addSql(
      `alter table if exists "installments_refund" add column if not exists "source" text check ("source" in ('return', 'cancel', 'admin', 'orphan', 'canceled-order')) null, add column if not exists "failure_reason" text null, add column if not exists "retryable" boolean not null default false, add column if not exists "order_id" text null, add column if not exists "return_id" text null, add column if not exists "attempts" integer not null default 0, add column if not exists "next_retry_at" timestamptz null;`
    )
    this.addSql(`alter table if exists "installments_refund" alter column "tracker_id" type text using ("tracker_id"::text);`)
    this.addSql(`alter table if exists "installments_refund" alter column "tracker_id" drop not null;`)
    this.addSql(
      `alter table if exists "installments_refund" add constraint "installments_refund_status_check" check("status" in ('P', 'R', 'failed'));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_order_id" ON "installments_refund" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_status_next_retry_at" ON "installments_refund" ("status", "next_retry_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_dispute" cascade;`)

    this.addSql(`alter table if exists "installments_refund" drop constraint if exists "installments_refund_status_check";`)

    this.addSql(`drop index if exists "IDX_installments_refund_order_id";`)
    this.addSql(`drop index if exists "IDX_installments_refund_status_next_retry_at";`)
    this.addSql(
      `alter table if exists "installments_refund" drop column if exists "source", drop column if exists "failure_reason", drop column if exists "retryable", drop column if exists "order_id", drop column if exists "return_id", drop column if exists "attempts", drop column if exists "next_retry_at";`
    )

    this.addSql(`alter table if exists "installments_refund" alter column "tracker_id" type text using ("tracker_id"::text);`)
    this.addSql(`alter table if exists "installments_refund" alter column "tracker_id" set not null;`)
    this.addSql(
      `alter table if exists "installments_refund" add constraint "installments_refund_status_check" check("status" in ('P', 'R'));`
    )
  }
}
