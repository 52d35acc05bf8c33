/**
 * What a language model is asked about the grey-zone pairs (lib/cluster/verdicts/grey-zone.ts), and how its
 * answer is read: the pairs are put in batches (pairs that share a report together, so each report
 * is written once per batch), each batch becomes one chat request listing its reports (outlet,
 * time, headline, summary) and its pairs, and the model answers each pair "same", "different" or
 * "unclear" in a strict JSON format. Pure functions: the request is the same for the same pairs,
 * which is what lets recorded answers be replayed (tests/helpers/model-replay.ts). Who sends it,
 * within which bounds: lib/cluster/verdicts/same-event-judge.ts.
 */
import { z } from "zod";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { SAME_EVENT_PROMPT } from "@/lib/cluster/tuning";
import type { ClusterArticle } from "@/lib/cluster/types";

export const SAME_EVENT_INSTRUCTIONS = `You help a news site show each news story once, with every outlet's report of it side by side.
You receive numbered news reports (outlet, publication time, headline, summary) and numbered pairs of them. For each pair, say whether the two reports tell the same story.
- same: both report the same specific event or development: the happening itself, or its direct follow-ups, the reactions to it and analysis of it from those days. Different angles, wording, figures or details of one happening are still the same story, and so are the parts of one unfolding event (a storm's landfall, damage and rescues; protests spreading from city to city over one cause).
- different: they report different happenings, even when they share a topic (the pandemic, an election, a war, the economy, a sport), a person, an organisation or a place. A new development that outlets report as news in its own right is a different story from the one it grew out of. A round-up, briefing or live page covering many happenings is not the same story as one of them.
- unclear: only when the headlines and summaries do not let you tell.
For example, an earthquake, its rising death toll, the rescue work and leaders' condolences are one story, while a report on earthquake preparedness elsewhere is another; a minister's resignation and the reactions to it are one story, while the same minister's budget speech the day before is another.
Judge each pair on these texts alone. Answer every pair once, by its number.`;

const ANSWERS = ["same", "different", "unclear"] as const;

/** The answer the model must give: one verdict per pair number. */
const answerSchema = z.object({
  verdicts: z.array(z.object({ pair: z.number().int(), verdict: z.enum(ANSWERS) })),
});

/** The answer format of the request (strict structured output; zod checks it again on return). */
export const SAME_EVENT_RESPONSE_FORMAT = {
  type: "json_schema" as const,
  json_schema: {
    name: "same_story_verdicts",
    strict: true,
    schema: {
      type: "object",
      properties: {
        verdicts: {
          type: "array",
          items: {
            type: "object",
            properties: {
              pair: { type: "integer" },
              verdict: { type: "string", enum: [...ANSWERS] },
            },
            required: ["pair", "verdict"],
            additionalProperties: false,
          },
        },
      },
      required: ["verdicts"],
      additionalProperties: false,
    },
  },
};

/** One request's worth of pairs, with the messages that ask about them. */
export interface SameEventBatch {
  pairs: GreyPair[];
  messages: { role: "system" | "user"; content: string }[];
  /** A rough count of the tokens the request and its answer take (4 characters a token). */
  estimatedTokens: number;
}

/**
 * Splits the pairs (best first) into batches of at most `perCall`: each batch starts with the best
 * pair left and then takes the best pairs left that share a report with it, so a report is listed
 * once for all its pairs of the batch; when none shares one, the best pair left. Deterministic.
 */
export function batchPairs(pairs: readonly GreyPair[], perCall: number): GreyPair[][] {
  const left = [...pairs];
  const batches: GreyPair[][] = [];
  while (left.length) {
    const batch: GreyPair[] = [];
    const named = new Set<string>();
    while (batch.length < perCall && left.length) {
      let at = left.findIndex((p) => named.has(p.a) || named.has(p.b));
      if (at < 0) at = 0;
      const [pair] = left.splice(at, 1);
      batch.push(pair);
      named.add(pair.a).add(pair.b);
    }
    batches.push(batch);
  }
  return batches;
}

const clip = (text: string, chars: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= chars ? flat : `${flat.slice(0, chars - 1).trimEnd()}…`;
};

/** "2020-05-31 14:05 UTC", or "unknown" for an invalid date. */
function timeOf(date: Date): string {
  const time = date.getTime();
  return Number.isFinite(time) ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "unknown";
}

/** The request for one batch: the instructions, then its reports and pairs as plain text. */
export function batchRequest(
  pairs: GreyPair[],
  articles: ReadonlyMap<string, ClusterArticle>,
): SameEventBatch {
  const number = new Map<string, number>();
  for (const p of pairs) for (const id of [p.a, p.b]) if (!number.has(id)) number.set(id, number.size + 1);
  const reports = [...number].map(([id, n]) => {
    const a = articles.get(id);
    if (!a) throw new Error(`Article ${id} of a grey-zone pair is not in the batch.`);
    const summary = clip(a.summary, SAME_EVENT_PROMPT.summaryChars);
    return `R${n} | ${a.sourceId} | ${timeOf(a.publishedAt)}\nHeadline: ${clip(a.title, SAME_EVENT_PROMPT.titleChars)}\nSummary: ${summary || "(none)"}`;
  });
  const lines = pairs.map((p, k) => `${k + 1}: R${number.get(p.a)} and R${number.get(p.b)}`);
  const user = `Reports:\n\n${reports.join("\n\n")}\n\nPairs:\n${lines.join("\n")}`;
  const messages = [
    { role: "system" as const, content: SAME_EVENT_INSTRUCTIONS },
    { role: "user" as const, content: user },
  ];
  const { answerCharsPerPair, charsPerToken } = SAME_EVENT_PROMPT;
  const chars = SAME_EVENT_INSTRUCTIONS.length + user.length + answerCharsPerPair * pairs.length;
  return { pairs, messages, estimatedTokens: Math.ceil(chars / charsPerToken) };
}

/** What one answer said: its verdicts, and how many pairs it left unanswered. */
export interface ReadAnswer {
  verdicts: PairVerdict[];
  unanswered: number;
}

/**
 * Reads the model's message for a batch; throws on an answer that is not the format at all (not
 * JSON, no verdict list). A pair answered twice keeps its first answer; unknown pair numbers are
 * ignored; pairs left out simply have no verdict.
 */
export function readAnswer(content: string | null | undefined, pairs: readonly GreyPair[]): ReadAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content ?? "");
  } catch {
    throw new Error("not JSON");
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new Error(`not the answer format: ${parsed.error.issues[0]?.message}`);
  const seen = new Set<number>();
  const verdicts: PairVerdict[] = [];
  for (const { pair, verdict } of parsed.data.verdicts) {
    if (pair < 1 || pair > pairs.length || seen.has(pair)) continue;
    seen.add(pair);
    verdicts.push({ a: pairs[pair - 1].a, b: pairs[pair - 1].b, verdict });
  }
  return { verdicts, unanswered: pairs.length - seen.size };
}
