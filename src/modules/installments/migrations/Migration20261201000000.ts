import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * What the health page reads besides the plugin's other records (docs/health.md), with plain SQL as
 * the Insights roll-up is (D47), no module model: each job's last run (one row per job, rewritten
 * at each start and end), and refused webhook deliveries counted per registration, reason and hour
 * (one row each, kept 48 hours).
 */
export class Migration20261201000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "installments_job_run" ("name" text not null primary key, "schedule" text not null, "worker" text not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "outcome" text null check ("outcome" in ('ok', 'failed')), "error" text null, "duration_ms" integer null, "last_ok_at" timestamptz null);`
    )
    this.addSql(
      `create table if not exists "installments_health_count" ("kind" text not null, "provider_id" text not null, "reason" text not null, "hour" timestamptz not null, "count" integer not null, "last_at" timestamptz not null, primary key ("kind", "provider_id", "reason", "hour"));`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_installments_health_count_hour" ON "installments_health_count" ("hour");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_health_count" cascade;`)
    this.addSql(`drop table if exists "installments_job_run" cascade;`)
  }
}
