/**
 * The outlet page's sentences about its counts, so that they agree with each other: the articles
 * of the window, what its feeds brought of them, and what the stories hold (decision 146).
 */
import type { SourceProfile } from "@/lib/schemas/sources";

type Counts = Pick<
  SourceProfile,
  "itemsInWindow" | "demoItemsInWindow" | "itemsInStories" | "feeds" | "window"
>;

const articles = (n: number) => `${n} ${n === 1 ? "article" : "articles"}`;

/**
 * "4 articles in the last 72 hours", then where those not counted on a feed row came from: the
 * bundled demo snapshot, or no feed listed here. The feed rows and this sentence add up.
 */
export function itemsSentence(p: Counts): string {
  const head = `${articles(p.itemsInWindow)} in the last ${p.window.hours} hours`;
  const fromFeeds = p.feeds.reduce((n, f) => n + f.itemsInWindow, 0);
  const demo = p.demoItemsInWindow;
  const other = p.itemsInWindow - fromFeeds - demo;
  if (fromFeeds === p.itemsInWindow) return `${head}.`;
  if (demo === p.itemsInWindow)
    return demo === 1
      ? `${head}, from the bundled demo snapshot, not from these feeds.`
      : `${head}, all from the bundled demo snapshot, none from these feeds.`;
  const parts = [
    `${fromFeeds} from these feeds`,
    ...(demo ? [`${demo} from the bundled demo snapshot`] : []),
    ...(other > 0 ? [`${other} from no feed listed here`] : []),
  ];
  return `${head}: ${parts.join(", ")}.`;
}

/**
 * What the covered stories hold of the outlet's articles: "3 stories of the last 72 hours,
 * holding all 4 of its articles", or which are in no story and why. `listed` is how many stories
 * the page lists (the newest, when there are more).
 */
export function coveredSentence(p: Counts & { covered: { total: number } }, listed: number): string {
  const { total } = p.covered;
  const n = p.itemsInWindow;
  const k = p.itemsInStories;
  const hours = `of the last ${p.window.hours} hours`;
  const why = (m: number) =>
    `a story needs reports from two outlets, and no other outlet's report was matched to ${m === 1 ? "it" : "them"}`;
  if (total === 0)
    return n === 0 ? `No story ${hours}.` : `No story ${hours} holds its ${articles(n)}: ${why(n)}.`;
  const stories = `${total} ${total === 1 ? "story" : "stories"} ${hours}`;
  const more = total > listed ? ` The newest ${listed} are listed.` : "";
  if (k >= n) return `${stories}, holding ${n === 1 ? "its 1 article" : `all ${n} of its articles`}.${more}`;
  const rest = n - k;
  return `${stories}, holding ${k} of its ${articles(n)}; the other ${rest} ${rest === 1 ? "is" : "are"} in no story: ${why(rest)}.${more}`;
}
