import path from "node:path";
import { defineConfig } from "prisma/config";
import { cliAdapterFactory } from "./prisma/cli-adapter";

// The CLI validates the datasource url before it looks at the adapter, so it needs a
// postgres URL even though it never connects: the CLI is used only to generate the client
// and to author migrations by diff (docs/decisions/002-migration-runner.md).
process.env.DATABASE_URL ??= "postgresql://placeholder@127.0.0.1:5432/placeholder";

let factory: ReturnType<typeof cliAdapterFactory> | undefined;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  // The CLI calls adapter() more than once; one factory per process.
  adapter: async () => (factory ??= cliAdapterFactory()),
});
