/**
 * Planning an ingest run, before anything is fetched or written: the outlets asked for (an
 * unknown one is refused), those of them that publish no feed, and the jobs: the registered
 * feeds that match (only the due ones for the scheduler), or the saved files of a folder,
 * mapped to outlets by name.
 */
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/generated/prisma/client";
import { isCategoryId, type CategoryId } from "@/lib/catalog";
import { categoryForFileName, sourceIdForFileName } from "@/lib/sources/file-names";
import { feedIds } from "@/lib/storage/feeds";
import { listSourcesForPlan } from "@/lib/storage/sources";
import { IngestRequestError } from "./errors";
import { selectFeeds } from "./feeds";
import type { IngestJob } from "./pipeline";

export interface PlanRequest {
  /** Source ids; default all. */
  sources?: string[];
  categories?: CategoryId[];
  /** Only feeds due by this time (the scheduler). */
  dueAt?: Date;
  /** Saved feed files from this folder instead of the registered feeds. */
  fromDir?: string;
  /** The bundled demo snapshot: its stories belong to no registered feed. */
  isDemo?: boolean;
}

export interface IngestPlan {
  jobs: IngestJob[];
  /** Requested outlets that publish no feed (shown as unavailable, not failed). */
  unavailable: { sourceId: string; name: string; reason: string }[];
  /** Files of the folder that belong to no known outlet. */
  skippedFiles: { file: string; reason: string }[];
}

type KnownSource = Awaited<ReturnType<typeof checkSources>>[number];

const FEED_FILE = /\.(xml|rss|atom|rdf)$/i;

/** The jobs of a run, and what it leaves out. Throws IngestRequestError for an unknown source or folder. */
export async function planIngest(prisma: PrismaClient, request: PlanRequest): Promise<IngestPlan> {
  const categories = request.categories?.filter(isCategoryId);
  const sources = await checkSources(prisma, request.sources);
  const unavailable = sources
    .filter((s) => !s.available && !request.fromDir)
    .map((s) => ({ sourceId: s.id, name: s.name, reason: s.unavailableReason ?? "publishes no feed" }));
  const { jobs, skippedFiles } = request.fromDir
    ? await planFileJobs(prisma, request.fromDir, { categories, isDemo: request.isDemo }, sources)
    : {
        jobs: await planFeedJobs(prisma, { sources: request.sources, categories, dueAt: request.dueAt }),
        skippedFiles: [],
      };
  return { jobs, unavailable, skippedFiles };
}

/** The requested outlets (default all); refuses ids that name none. */
async function checkSources(prisma: PrismaClient, sources: string[] | undefined) {
  const all = await listSourcesForPlan(prisma);
  const unknown = (sources ?? []).filter((id) => !all.some((s) => s.id === id));
  if (unknown.length) {
    throw new IngestRequestError(
      `Unknown source ${unknown.map((u) => `"${u}"`).join(", ")}. Known sources: ${all
        .map((s) => s.id)
        .sort()
        .join(", ")}.`,
    );
  }
  return all.filter((s) => !sources || sources.includes(s.id));
}

/** One job per registered feed that matches. */
async function planFeedJobs(
  prisma: PrismaClient,
  filter: Pick<PlanRequest, "sources" | "categories" | "dueAt">,
): Promise<IngestJob[]> {
  const feeds = await selectFeeds(prisma, filter);
  return feeds.map((feed) => ({
    kind: "feed",
    key: feed.id,
    sourceId: feed.sourceId,
    sourceName: feed.sourceName,
    homeCountry: feed.homeCountry,
    category: feed.category,
    feedId: feed.id,
    label: feed.url,
    feed,
  }));
}

/** One job per saved file of a requested outlet and category; files of no known outlet are listed as skipped. */
async function planFileJobs(
  prisma: PrismaClient,
  dir: string,
  filter: Pick<PlanRequest, "categories" | "isDemo">,
  sources: KnownSource[],
) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new IngestRequestError(`No such folder: ${dir}`);
  const registered = await feedIds(prisma);
  const jobs: IngestJob[] = [];
  const skippedFiles: IngestPlan["skippedFiles"] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => FEED_FILE.test(f))
    .sort()) {
    const sourceId = sourceIdForFileName(file);
    const source = sources.find((s) => s.id === sourceId);
    if (!sourceId) {
      skippedFiles.push({ file, reason: "not one of the 19 known outlets" });
      continue;
    }
    const category = categoryForFileName(file);
    if (!source || (filter.categories && !filter.categories.includes(category))) continue; // filtered out
    const feedId = `${sourceId}:${category}`;
    jobs.push({
      kind: "file",
      key: file,
      sourceId,
      sourceName: source.name,
      homeCountry: source.country,
      category,
      // Demo stories are not what the outlet's real feed published.
      feedId: !filter.isDemo && registered.has(feedId) ? feedId : null,
      label: path.join(dir, file),
      path: path.join(dir, file),
    });
  }
  return { jobs, skippedFiles };
}
