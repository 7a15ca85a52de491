import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@db": fileURLToPath(new URL("./db", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // The page-cache test opens an in-memory PGlite, which takes seconds on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/integration.ts"],
          globalSetup: ["tests/setup/pglite-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
