/** GET /api/v1/comparison-cards/status/scheduler: the scheduler's state and each outlet's feed health. */
import { z } from "zod";

export const sourceHealth = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  feeds: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  failingFeeds: z.number().int(),
  items: z.number().int(),
  nextCheckAt: z.string().nullable(),
});

export type SourceHealth = z.infer<typeof sourceHealth>;

export const schedulerStatus = z.object({
  enabled: z.boolean(),
  intervalMinutes: z.number().int(),
  lastRun: z
    .object({
      id: z.string(),
      trigger: z.string(),
      status: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      feeds: z.number().int(),
      new: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      failed: z.number().int(),
    })
    .nullable(),
  nextRunAt: z.string().nullable(),
  sources: z.array(sourceHealth),
  /** Present when the cron secret triggered a run with this request. */
  triggered: z
    .object({
      ran: z.boolean(),
      reason: z.string().optional(),
      runId: z.string().optional(),
      status: z.string().optional(),
      new: z.number().int().optional(),
      cards: z.number().int().optional(),
    })
    .optional(),
});
export type SchedulerStatus = z.infer<typeof schedulerStatus>;
