/**
 * Loads of hostile clients against a running server (issue 34), for `npm run bench:hostile-load`
 * and, where a test must hold them, tests/resilience/hostile-clients.test.ts: outlet pages and
 * profiles asked for by padded and real ids from several clients, logins from several addresses,
 * analyses that fill the worker pool's queue while a cron refresh is due, and parallel on-demand
 * generations. Each returns every answer's status and time (the caller polls liveness meanwhile).
 */
import http from "node:http";
import { PUBLIC_READER } from "@/lib/public-reader";
import { KNOWN_SOURCES } from "@/lib/sources/registry";
import { hostileAnalysisCases } from "@/tests/fixtures/hostile-analysis";
import { rssFeed } from "@/tests/helpers/rss";
import { freePort } from "./server";

export interface Answer {
  status: number;
  ms: number;
  note?: string;
}

/** Times one request; `note` reads a field of a successful JSON answer worth printing. */
export async function timed(
  send: () => Promise<Response>,
  note?: (json: unknown) => string,
): Promise<Answer> {
  const t0 = performance.now();
  const res = await send();
  const text = await res.text();
  const answer: Answer = { status: res.status, ms: performance.now() - t0 };
  if (note && res.ok) answer.note = note(JSON.parse(text));
  return answer;
}

/** A client's request headers: its address (the server trusts X-Forwarded-For: TRUST_PROXY=true). */
const from = (client: string, token?: string): Record<string, string> => ({
  "x-forwarded-for": client,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** An outlet id as a hostile client spells it: padded with spaces and tabs, differently each time. */
const padded = (id: string, i: number) => `${id}${"%20".repeat(1 + (i % 7))}${i % 3 ? "%09" : ""}`;

/**
 * `clients` clients, each for `seconds`, asking back to back for outlet pages and profiles in
 * turn, over the 19 real ids, every other one padded (a fresh spelling each time).
 */
export async function outletIds(
  base: string,
  { clients = 4, seconds = 5, addressOf = (c: number) => `203.0.113.${100 + c}` } = {},
): Promise<Answer[]> {
  const ids = KNOWN_SOURCES.map((s) => s.id);
  const until = performance.now() + seconds * 1000;
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const id = i % 2 ? padded(ids[i % ids.length], i) : ids[i % ids.length];
        const url = i % 4 < 2 ? `${base}/sources/${id}` : `${base}/api/v1/sources/${id}`;
        answers.push(await timed(() => fetch(url, { headers: from(addressOf(c)) })));
      }
    }),
  );
  return answers;
}

/**
 * `perAddress` logins of the public reader from each of `addresses` addresses, all at once, every
 * other one with a wrong password (so half the password checks are real work).
 */
export function logins(
  base: string,
  { addresses = 4, perAddress = 30, addressOf = (a: number) => `198.18.0.${a + 1}` } = {},
): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: addresses * perAddress }, (_, i) =>
      timed(() =>
        fetch(`${base}/api/v1/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", ...from(addressOf(i % addresses)) },
          body: JSON.stringify(i % 2 ? { ...PUBLIC_READER, password: `wrong-${i}` } : PUBLIC_READER),
        }),
      ),
    ),
  );
}

/** Logs the public reader in from `client`; its token. */
export async function readerToken(base: string, client: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...from(client) },
    body: JSON.stringify(PUBLIC_READER),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * `perReader` hostile analyses (tests/fixtures/hostile-analysis.ts) from every reader, each of its
 * own text so no cache answers it. `bodies` serializes them beforehand (megabytes of
 * JSON.stringify on this process's thread, which also times the probe: done during the load, it
 * read as the server stalling); `send` then sends them all at once, and runs `during` once they
 * are all on their way (a cron refresh), its answer first in the result.
 */
export function analysesWith(readers: { client: string; token: string }[], perReader: number) {
  const cases = hostileAnalysisCases();
  const bodies = readers.flatMap(({ client, token }, r) =>
    Array.from({ length: perReader }, (_, i) => {
      const c = cases[(r * perReader + i) % cases.length];
      const articles = c.articles.map((a, j) => (j === 0 ? { ...a, title: `${a.title} (${r}.${i})` } : a));
      return { client, token, body: JSON.stringify({ articles }) };
    }),
  );
  return {
    async send(base: string, during: () => Promise<Answer>): Promise<Answer[]> {
      const sent = bodies.map(({ client, token, body }) =>
        timed(() =>
          fetch(`${base}/api/v1/analysis/compare-articles`, {
            method: "POST",
            headers: { "content-type": "application/json", ...from(client, token) },
            body,
          }),
        ),
      );
      // The analyses' bodies are on their way and their jobs queue up; then the refresh is due.
      await new Promise((r) => setTimeout(r, 1_500));
      const duringAnswer = await during();
      return [duringAnswer, ...(await Promise.all(sent))];
    },
  };
}

/** The cron job's call: a refresh of the due feeds, then the status; notes what the refresh did. */
export function cronRefresh(base: string, cronSecret: string): Promise<Answer> {
  return timed(
    () =>
      fetch(`${base}/api/v1/comparison-cards/status/scheduler`, {
        headers: { authorization: `Bearer ${cronSecret}` },
      }),
    (json) => {
      const t = (json as { data: { triggered?: { ran: boolean; new?: number; cards?: number } } }).data
        .triggered;
      return t?.ran ? `cron refresh: ${t.new} new articles, ${t.cards} cards` : "cron refresh did not run";
    },
  );
}

/**
 * Loads the on-demand route's code without any work: one call whose body it refuses (400), then
 * a second for the server to settle.
 */
export async function warmOnDemandRoute(base: string, { client, token }: { client: string; token: string }) {
  const res = await fetch(`${base}/api/v1/comparison-cards/generate/on-demand`, {
    method: "POST",
    headers: { "content-type": "application/json", ...from(client, token) },
    body: JSON.stringify({ country: "nowhere" }),
  });
  await res.arrayBuffer();
  if (res.status !== 400) throw new Error(`warming the on-demand route answered ${res.status}`);
  await new Promise((r) => setTimeout(r, 1_000));
}

/** One on-demand generation per pair, all at once, each from the reader of its turn. */
export function onDemandAll(
  base: string,
  pairs: { country: string; category: string }[],
  readers: { client: string; token: string }[],
): Promise<Answer[]> {
  return Promise.all(
    pairs.map((pair, i) => {
      const { client, token } = readers[i % readers.length];
      return timed(
        () =>
          fetch(`${base}/api/v1/comparison-cards/generate/on-demand`, {
            method: "POST",
            headers: { "content-type": "application/json", ...from(client, token) },
            body: JSON.stringify(pair),
          }),
        (json) => (json as { data: { action: string } }).data.action,
      );
    }),
  );
}

/**
 * A feed server on loopback for feeds pointed at it (lib/synthetic-window.ts): every feed answers
 * one story of its own, new in each round (`round.n`), so a fetch after a new round stores articles.
 */
export async function startRoundFeeds(): Promise<{ port: number; round: { n: number }; close(): void }> {
  const round = { n: 0 };
  const server = http.createServer((req, res) => {
    const feed = req.url ?? "/";
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(
      rssFeed(feed, [
        {
          title: `Round ${round.n}: council of ${feed.replaceAll("/", " ")} approves budget`,
          link: `https://feeds.test${feed}/round-${round.n}`,
          description: `The council behind ${feed} approved its budget in round ${round.n}.`,
          hoursAgo: 1,
        },
      ]),
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, round, close: () => server.close() };
}
