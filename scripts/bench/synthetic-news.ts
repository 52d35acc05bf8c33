/**
 * Deterministic synthetic news for the clustering benchmark and the scaling tests: many stories,
 * each covered by several outlets with paraphrased titles and summaries, plus unrelated singletons.
 * Names recur across stories and filler words follow a Zipf law, as in real feeds.
 */
import type { CategoryId } from "@/lib/catalog";
import type { ClusterArticle } from "@/lib/cluster/types";
import { NEWS_WINDOW_MS } from "@/lib/news-window";

export interface SyntheticNews {
  articles: ClusterArticle[];
  /** Article id → story id (singletons have a story of their own). */
  truth: Map<string, string>;
}

const SYLLABLES =
  "ba be bi bo bu da de di do ka ke ki ko la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to va ve vi zo".split(
    " ",
  );
const FILLER = (
  "report official plan deal talk week month year people government market price group country city state court " +
  "policy leader company share growth record crisis vote review warning issue support change pressure rise fall move " +
  "call meeting decision statement concern attack hit push face win lose back open close cut boost lead join"
).split(" ");
const CATEGORIES: CategoryId[] = [
  "general",
  "business",
  "technology",
  "health",
  "science",
  "sports",
  "entertainment",
];
const COUNTRIES = ["us", "gb", "ca", "au", "de", "fr", "jp", "in", "br", "mx"];
const START_MS = Date.UTC(2026, 0, 1);

/** Generates `count` articles from a fixed seed: the same count always gives the same news. */
export function generateSyntheticNews(count: number, seed = 42): SyntheticNews {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  // Zipf-like: low indices far more often, so some words are in a large share of all articles.
  const zipf = <T>(list: readonly T[]): T =>
    list[Math.min(list.length - 1, Math.floor(list.length * Math.pow(random(), 3)))];
  const word = (syllables: number) => Array.from({ length: syllables }, () => pick(SYLLABLES)).join("");
  const names = Array.from({ length: Math.max(200, Math.round(count / 20)) }, () => capitalize(word(3)));
  const nouns = Array.from(
    { length: Math.max(500, Math.round(count / 8)) },
    () => word(2) + pick(["", "s", "ing", "ed"]),
  );
  const articles: ClusterArticle[] = [];
  const truth = new Map<string, string>();
  let story = 0;
  while (articles.length < count) {
    story += 1;
    const storyId = `s${story}`;
    const singleton = random() < 0.15;
    const size = singleton ? 1 : 2 + Math.floor(random() * random() * 12);
    const keyNames = [pick(names), pick(names)];
    const keyNouns = [zipf(nouns), pick(nouns), pick(nouns)];
    const figure = random() < 0.3 ? String(1 + Math.floor(random() * 500)) : null;
    const storyTime = START_MS + random() * NEWS_WINDOW_MS;
    const category = pick(CATEGORIES);
    const country = pick(COUNTRIES);
    const outlets = shuffled(
      Array.from({ length: 19 }, (_, i) => `outlet-${i + 1}`),
      random,
    );
    for (let k = 0; k < size && articles.length < count; k++) {
      const id = `a${String(articles.length + 1).padStart(6, "0")}`;
      // Each outlet keeps most of the story's key terms and adds its own wording.
      const key = [...keyNames.filter(() => random() < 0.85), ...keyNouns.filter(() => random() < 0.7)];
      if (figure && random() < 0.7) key.push(figure);
      const titleWords = shuffled([...key, zipf(FILLER), zipf(FILLER), zipf(nouns)], random);
      const summaryWords = shuffled(
        [
          ...key,
          ...key.slice(0, 2),
          ...Array.from({ length: 14 }, () => (random() < 0.5 ? zipf(FILLER) : zipf(nouns))),
        ],
        random,
      );
      articles.push({
        id,
        title: capitalize(titleWords.join(" ")),
        summary: random() < 0.8 ? capitalize(summaryWords.join(" ")) + "." : "",
        sourceId: outlets[k % outlets.length],
        publishedAt: new Date(storyTime + (random() - 0.3) * 6 * 3_600_000),
        category: random() < 0.8 ? category : pick(CATEGORIES),
        countries: random() < 0.7 ? [country] : [pick(COUNTRIES)],
        imageUrl: random() < 0.6 ? `https://img.example/${id}.jpg` : null,
      });
      truth.set(id, storyId);
    }
  }
  return { articles, truth };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shuffled<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A small, fast, seedable PRNG (public-domain mulberry32), so runs are reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
