import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125005012 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_sweep_mark" drop constraint if exists "installments_sweep_mark_name_unique";`)
    this.addSql(
      `alter table if exists "installments_sweep_item" drop constraint if exists "installments_sweep_item_kind_subject_id_unique";`
    )
    this.addSql(
      `create table if not exists "installments_sweep_item" ("id" text not null, "kind" text check ("kind" in ('session', 'canceled-order')) not null, "subject_id" text not null, "closed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_sweep_item_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sweep_item_deleted_at" ON "installments_sweep_item" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_sweep_item_kind_subject_id_unique" ON "installments_sweep_item" ("kind", "subject_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sweep_item_kind_id" ON "installments_sweep_item" ("kind", "id") WHERE closed_at IS NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sweep_item_closed_at" ON "installments_sweep_item" ("closed_at") WHERE closed_at IS NOT NULL AND deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "installments_sweep_mark" ("id" text not null, "name" text not null, "swept_to" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_sweep_mark_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_sweep_mark_name_unique" ON "installments_sweep_mark" ("name") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sweep_mark_deleted_at" ON "installments_sweep_mark" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_status_id" ON "installments_refund" ("status", "id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_webhook_event_created_at" ON "installments_webhook_event" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_sweep_item" cascade;`)

    this.addSql(`drop table if exists "installments_sweep_mark" cascade;`)

    this.addSql(`drop index if exists "IDX_installments_refund_status_id";`)

    this.addSql(`drop index if exists "IDX_installments_webhook_event_created_at";`)
  }
}
