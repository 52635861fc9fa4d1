import path from "node:path"

const CONFIG = path.join(__dirname, "../../examples/store/medusa-config.ts")

/** Loads the example store's medusa-config.ts afresh under `env`, as Medusa would at boot. */
function loadConfig(env: Record<string, string | undefined>): {
  projectConfig: { http: { jwtSecret: string; cookieSecret: string } }
} {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name]
  try {
    let config: unknown
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      config = require(CONFIG)
    })
    return config as never
  } finally {
    process.env = saved
  }
}

describe("examples/store/medusa-config.ts: the secrets Medusa signs tokens and cookies with", () => {
  it("refuses to start in production without them, rather than signing with the demo's known secret", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: undefined, COOKIE_SECRET: "c".repeat(64) })).toThrow(
      /JWT_SECRET is not set/
    )
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "j".repeat(64), COOKIE_SECRET: undefined })).toThrow(
      /COOKIE_SECRET is not set/
    )
  })

  it("takes them from the environment, and falls back to the demo's only outside production", () => {
    const production = loadConfig({ NODE_ENV: "production", JWT_SECRET: "j".repeat(64), COOKIE_SECRET: "c".repeat(64) })
    expect(production.projectConfig.http).toMatchObject({ jwtSecret: "j".repeat(64), cookieSecret: "c".repeat(64) })
    const demo = loadConfig({ NODE_ENV: "development", JWT_SECRET: undefined, COOKIE_SECRET: undefined })
    expect(demo.projectConfig.http).toMatchObject({ jwtSecret: "supersecret", cookieSecret: "supersecret" })
  })
})
