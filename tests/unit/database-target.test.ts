import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeTarget, resolveDatabaseTarget } from "@/lib/database/target";

describe("resolveDatabaseTarget", () => {
  const def = "./data/pglite";
  it.each([
    [undefined, { engine: "pglite", dir: path.resolve(def) }],
    ["", { engine: "pglite", dir: path.resolve(def) }],
    ["pglite:./x/db", { engine: "pglite", dir: path.resolve("./x/db") }],
    ["file:/tmp/db", { engine: "pglite", dir: "/tmp/db" }],
    ["pglite:memory:", { engine: "pglite", dir: "memory://" }],
    ["postgres://u:p@h:5432/d", { engine: "postgresql", url: "postgres://u:p@h:5432/d" }],
    ["postgresql://h/d", { engine: "postgresql", url: "postgresql://h/d" }],
  ])("%s", (url, expected) => {
    expect(resolveDatabaseTarget(url, def)).toEqual(expected);
  });

  it("refuses anything else with a readable message", () => {
    expect(() => resolveDatabaseTarget("mysql://h/d", def)).toThrowError(
      /must be unset, pglite:DIR, file:DIR or a postgres/,
    );
    expect(() => resolveDatabaseTarget("pglite:", def)).toThrowError(/names no folder/);
  });

  it("describes a PostgreSQL target without its password", () => {
    expect(describeTarget({ engine: "postgresql", url: "postgres://u:secret@db.example:6543/news" })).toBe(
      "PostgreSQL at db.example:6543/news",
    );
  });
});
