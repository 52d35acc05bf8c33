/**
 * Opens a database target: PGlite in process or a PostgreSQL pool, each with its Prisma client,
 * a plain SQL runner and named locks, behind one Database interface.
 */

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { acquirePgliteLock, type PgliteLock } from "./pglite-lock";
import type { DatabaseTarget } from "./target";

/** Plain SQL on the same database as Prisma, for migrations, locks and health checks. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  /** Runs fn inside one transaction on one connection. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

export interface Database {
  readonly engine: "pglite" | "postgresql";
  readonly target: DatabaseTarget;
  readonly prisma: PrismaClient;
  readonly sql: SqlRunner;
  /**
   * Runs fn only if no other process (PostgreSQL: session advisory lock) or caller in this
   * process (PGlite, which has one process anyway) holds the named lock.
   */
  tryWithLock<T>(
    name: string,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }>;
  /** Like tryWithLock, but waits for the lock. */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Shown to a second process that finds the PGlite folder locked. */
  purpose: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/** A stable 32-bit key for pg_advisory_lock from a lock name. */
function advisoryKey(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of `news-analysis:${name}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

function pgRunner(client: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query(sql, params) {
      return (await client.query(sql, params as unknown[])).rows;
    },
    async exec(script) {
      await client.query(script);
    },
    async transaction(fn) {
      const conn = client instanceof pg.Pool ? await client.connect() : client;
      try {
        await conn.query("BEGIN");
        const value = await fn(pgRunner(conn));
        await conn.query("COMMIT");
        return value;
      } catch (error) {
        await conn.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        if (conn !== client) (conn as pg.PoolClient).release();
      }
    },
  };
}

type PgliteLike = Pick<PGlite, "query" | "exec">;

function pgliteRunner(db: PgliteLike & Partial<Pick<PGlite, "transaction">>): SqlRunner {
  return {
    async query(sql, params) {
      return (await db.query(sql, params)).rows as never[];
    },
    async exec(script) {
      await db.exec(script);
    },
    async transaction(fn) {
      if (!db.transaction) return fn(pgliteRunner(db)); // already inside one
      return db.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

/**
 * PGlite runs in this thread and answers without I/O, so a run of statements (the five of an
 * outlet's profile, a rebuild's checks) would hold the event loop, and the liveness probe, for
 * their whole time: 90–290 ms for one profile (issue 34). Through this, each statement first
 * waits for a turn of the event loop (setImmediate: pending I/O goes first), in transactions
 * too; what remains is one statement at a time.
 *
 * The statements outside a transaction wait in one line: each takes its turn only after the one
 * before it has finished. Had each only waited for a turn of its own, the statements of many
 * requests at once (four clients asking for outlet profiles, seven statements each) would all
 * come due in the same turn and run back to back, 70–140 ms without the probe being read. PGlite
 * runs one statement at a time anyway, so the line costs no throughput. A transaction's own
 * statements do not join the line: one waiting in it behind a statement that waits for the
 * transaction's lock would never run.
 */
function takingTurns<T extends object>(db: T, inTransaction = false): T {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** The last statement outside a transaction to have joined this database's line. */
  let statementLine: Promise<unknown> = Promise.resolve();
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "query" || prop === "exec")
        return (...args: unknown[]) => {
          const run = () => value.apply(target, args) as Promise<unknown>;
          if (inTransaction) return turn().then(run);
          const statement = statementLine.then(turn).then(run);
          statementLine = statement.catch(() => undefined);
          return statement;
        };
      if (prop === "transaction")
        return (fn: (tx: object) => Promise<unknown>) =>
          value.call(target, (tx: object) => fn(takingTurns(tx, true)));
      return value.bind(target);
    },
  });
}

/** A per-process mutex by name: PGlite's stand-in for advisory locks. */
function localLocks() {
  const held = new Map<string, Promise<void>>();
  return {
    async tryWith<T>(name: string, fn: () => Promise<T>) {
      if (held.has(name)) return { acquired: false as const };
      return { acquired: true as const, value: await this.with(name, fn) };
    },
    async with<T>(name: string, fn: () => Promise<T>): Promise<T> {
      while (held.has(name)) await held.get(name);
      let done!: () => void;
      held.set(name, new Promise<void>((r) => (done = r)));
      try {
        return await fn();
      } finally {
        held.delete(name);
        done();
      }
    },
  };
}

/** PGlite in this process, in its folder (locked against a second process) or in memory. */
function openPglite(target: Extract<DatabaseTarget, { engine: "pglite" }>, options: OpenOptions): Database {
  const inMemory = target.dir.startsWith("memory://");
  const lock: PgliteLock | null = inMemory ? null : acquirePgliteLock(target.dir, options.purpose);
  let pglite: PGlite;
  try {
    pglite = new PGlite(target.dir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const turns = takingTurns(pglite);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(turns) });
  const locks = localLocks();
  let closed = false;
  return {
    engine: "pglite",
    target,
    prisma,
    sql: pgliteRunner(turns),
    tryWithLock: (name, fn) => locks.tryWith(name, fn),
    withLock: (name, fn) => locks.with(name, fn),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await prisma.$disconnect();
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Runs fn holding the named PostgreSQL session advisory lock, on a connection of its own: waiting
 * for it, or (`wait` false) not acquired when another session holds it.
 */
function advisoryLocks(pool: pg.Pool) {
  return async <T>(name: string, wait: boolean, fn: () => Promise<T>) => {
    const conn = await pool.connect();
    const key = advisoryKey(name);
    try {
      if (wait) await conn.query("SELECT pg_advisory_lock($1)", [key]);
      else {
        const { rows } = await conn.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [key]);
        if (!rows[0]?.ok) return { acquired: false as const };
      }
      try {
        return { acquired: true as const, value: await fn() };
      } finally {
        await conn.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
      }
    } finally {
      conn.release();
    }
  };
}

/** A PostgreSQL server through a pool shared by Prisma and plain SQL. */
function openPostgres(
  target: Extract<DatabaseTarget, { engine: "postgresql" }>,
  options: OpenOptions,
): Database {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: `news-analysis ${options.purpose}`.slice(0, 63),
  });
  // An idle client whose server went away emits 'error'; without a listener the process dies.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const withSession = advisoryLocks(pool);
  let closed = false;
  return {
    engine: "postgresql",
    target,
    prisma,
    sql: pgRunner(pool),
    tryWithLock: (name, fn) => withSession(name, false, fn),
    async withLock(name, fn) {
      const result = await withSession(name, true, fn);
      if (!result.acquired) throw new Error(`lock ${name} not acquired`);
      return result.value;
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * Opens the database a target names. PGlite takes the folder's lock first (a second
 * process gets a clear error); PostgreSQL gets a pool shared by Prisma and plain SQL.
 * Important on PGlite: inside a Prisma interactive transaction use only `tx`; a query
 * on the top-level client waits for the transaction and deadlocks.
 */
export function openDatabase(target: DatabaseTarget, options: OpenOptions): Database {
  return target.engine === "pglite" ? openPglite(target, options) : openPostgres(target, options);
}
