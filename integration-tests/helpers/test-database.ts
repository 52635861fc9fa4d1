/** The URL of database `name` on the PostgreSQL the integration tests use (DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD). */
export function testDatabaseUrl(name: string): string {
  const user = process.env.DB_USERNAME ?? "postgres"
  const password = process.env.DB_PASSWORD ?? "postgres"
  const host = process.env.DB_HOST ?? "localhost"
  const port = process.env.DB_PORT ?? "5432"
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`
}
