const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true, tsx: true },
        // The admin's components use React's automatic JSX runtime, as its Vite build does.
        transform: { react: { runtime: "automatic" } },
        target: "es2021",
      },
    },
  ],
}

/**
 * Unit tests (the plugin's src/**, the sandbox workspace's sandbox/src/** and scripts/__tests__) run in parallel with
 * coverage of src/lib; integration tests boot Medusa.
 */
module.exports = {
  projects: [
    {
      displayName: "unit",
      transform,
      testEnvironment: "node",
      moduleFileExtensions: ["js", "ts", "tsx", "json"],
      modulePathIgnorePatterns: [
        "<rootDir>/dist/",
        "<rootDir>/.medusa/",
        "<rootDir>/sandbox/dist/",
        "<rootDir>/.demo/",
        "<rootDir>/storefront/dist/",
      ],
      // scripts/__tests__: the pure parts of the test tooling itself (the run's verdict).
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.spec.[jt]s",
        "<rootDir>/sandbox/src/**/__tests__/**/*.spec.[jt]s",
        "<rootDir>/scripts/__tests__/**/*.spec.[jt]s",
        // The storefront kit's workspace (its React specs choose jsdom in their docblock).
        "<rootDir>/storefront/src/**/__tests__/**/*.spec.{ts,tsx}",
      ],
    },
    {
      displayName: "integration",
      transform,
      // Node's, failing a spec that leaves a server, socket, child process or timer running.
      testEnvironment: "<rootDir>/integration-tests/environment.js",
      moduleFileExtensions: ["js", "ts", "json"],
      modulePathIgnorePatterns: ["<rootDir>/dist/", "<rootDir>/.medusa/", "<rootDir>/sandbox/dist/", "<rootDir>/.demo/"],
      testMatch: ["<rootDir>/integration-tests/**/*.spec.[jt]s"],
    },
  ],
  // Booting Medusa for an integration file takes ~25 s; jest reads this option only at the root.
  testTimeout: 120000,
  testSequencer: "<rootDir>/integration-tests/sequencer.js",
  collectCoverageFrom: ["src/lib/**/*.ts", "!src/lib/**/__tests__/**"],
  coverageThreshold: { "./src/lib/": { lines: 90 } },
  coverageReporters: ["text-summary", "text"],
}
