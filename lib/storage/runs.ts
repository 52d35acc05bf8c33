/**
 * The ingest-run table (IngestRun) and its per-feed rows (IngestOutcome), in one module: a run's
 * row opened, closed or failed, the runs a dead process left running, the runs the status,
 * card list and busy answers read, and each feed's outcome as the ingest's store writes it
 * (inside the feed's own transaction, lib/ingest/store.ts). Each query takes the handle it runs on
 * (the caller's Prisma client or SQL runner), as every module of lib/storage does.
 */

import crypto from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlRunner } from "@/lib/database/open";
import { NOW_UTC } from "./sql-time";

/** A run's closing figures. */
export interface RunClose {
  status: string;
  finishedAt: Date;
  newCount: number;
  updated: number;
  unchanged: number;
  failed: number;
  error: string | null;
}

/** Opens a run's row ("running"); its id. */
export async function createRun(
  prisma: PrismaClient,
  data: {
    trigger: string;
    startedAt: Date;
    feedCount: number;
  },
): Promise<string> {
  const { id } = await prisma.ingestRun.create({ data: { ...data, status: "running" } });
  return id;
}

/** Closes a run's row with its totals and status. */
export async function closeRun(prisma: PrismaClient, id: string, data: RunClose): Promise<void> {
  await prisma.ingestRun.update({ where: { id }, data });
}

/** Marks a run failed with the error that ended it, if the database still answers. */
export async function failRun(prisma: PrismaClient, id: string, error: string): Promise<void> {
  await prisma.ingestRun
    .update({ where: { id }, data: { status: "failed", finishedAt: new Date(), error } })
    .catch(() => undefined);
}

/** Marks every run still "running" as interrupted at `now`, with `error`; how many. */
export async function markRunsInterrupted(prisma: PrismaClient, now: Date, error: string): Promise<number> {
  const { count } = await prisma.ingestRun.updateMany({
    where: { status: "running", finishedAt: null },
    data: { status: "interrupted", finishedAt: now, error },
  });
  return count;
}

/** The latest run not of the demo snapshot, by start. */
export function latestRealRun(prisma: PrismaClient) {
  return prisma.ingestRun.findFirst({
    where: { trigger: { not: "demo" } },
    orderBy: { startedAt: "desc" },
  });
}

/** The run in progress, if any (the latest started). */
export function runningRun(prisma: PrismaClient) {
  return prisma.ingestRun.findFirst({ where: { status: "running" }, orderBy: { startedAt: "desc" } });
}

/** The latest finished run not of the demo snapshot, by start. */
export function lastFinishedRealRun(prisma: PrismaClient) {
  return prisma.ingestRun.findFirst({
    where: { finishedAt: { not: null }, trigger: { not: "demo" } },
    orderBy: { startedAt: "desc" },
  });
}

/** When the latest run that did not fail finished (the card list's lastUpdated). */
export async function lastSuccessfulFinish(prisma: PrismaClient): Promise<Date | null> {
  const run = await prisma.ingestRun.findFirst({
    where: { finishedAt: { not: null }, status: { not: "failed" } },
    orderBy: { finishedAt: "desc" },
    select: { finishedAt: true },
  });
  return run?.finishedAt ?? null;
}

/** How many runs not of the demo snapshot stored a new article. */
export function countProductiveRuns(prisma: PrismaClient): Promise<number> {
  return prisma.ingestRun.count({ where: { trigger: { not: "demo" }, newCount: { gt: 0 } } });
}

/** One feed's outcome in one run, as the ingest's store records it. */
export interface OutcomeRow {
  runId: string;
  sourceId: string;
  feedId: string | null;
  category: string;
  status: string;
  httpStatus: number | null;
  bytes: number;
  items: number;
  newCount: number;
  updated: number;
  unchanged: number;
  durationMs: number;
  error: string | null;
}

/** Records a feed's outcome, on the feed's transaction (plain SQL: the ingest's hot path, decision 011). */
export async function insertOutcome(tx: SqlRunner, o: OutcomeRow): Promise<void> {
  await tx.query(
    `INSERT INTO "IngestOutcome" ("id", "runId", "sourceId", "feedId", "category", "status", "httpStatus", "bytes", "items",
       "newCount", "updated", "unchanged", "durationMs", "error", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, ${NOW_UTC})`,
    [
      crypto.randomUUID(),
      o.runId,
      o.sourceId,
      o.feedId,
      o.category,
      o.status,
      o.httpStatus,
      o.bytes,
      o.items,
      o.newCount,
      o.updated,
      o.unchanged,
      o.durationMs,
      o.error,
    ],
  );
}

/** Outcomes per source and status since `since`, with the articles they added (the metrics). */
export function outcomesPerSourceSince(prisma: PrismaClient, since: Date) {
  return prisma.ingestOutcome.groupBy({
    by: ["sourceId", "status"],
    where: { createdAt: { gte: since } },
    _count: { _all: true },
    _sum: { newCount: true },
  });
}
