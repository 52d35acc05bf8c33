/**
 * Reads the UCI News Aggregator CSV (clustering/uci-*.csv of the data folder) into clusterer input plus the
 * ground truth (STORY). Headlines only, so every summary is "".
 */
import type { CategoryId } from "@/lib/catalog";
import type { ClusterArticle } from "@/lib/cluster/types";

export interface LabelledArticles {
  articles: ClusterArticle[];
  /** Article id → STORY id. */
  truth: Map<string, string>;
}

const CATEGORIES: Record<string, CategoryId> = {
  b: "business",
  t: "technology",
  e: "entertainment",
  m: "health",
};
const REQUIRED = ["ID", "TITLE", "PUBLISHER", "STORY", "TIMESTAMP"] as const;

/** Parses the UCI CSV text; throws on a missing column so a wrong file fails loudly. */
export function parseUciCsv(text: string): LabelledArticles {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("The CSV is empty.");
  const column = Object.fromEntries(REQUIRED.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof REQUIRED)[number],
    number
  >;
  const missing = REQUIRED.filter((name) => column[name] < 0);
  if (missing.length) throw new Error(`The CSV lacks the column(s) ${missing.join(", ")}.`);
  const categoryColumn = header.indexOf("CATEGORY");
  const urlColumn = header.indexOf("URL");
  const articles: ClusterArticle[] = [];
  const truth = new Map<string, string>();
  for (const row of rows) {
    if (row.length < header.length) continue;
    const id = row[column.ID];
    articles.push({
      id,
      title: row[column.TITLE],
      summary: "",
      url: urlColumn >= 0 ? row[urlColumn] : undefined,
      sourceId: row[column.PUBLISHER],
      publishedAt: new Date(Number(row[column.TIMESTAMP])),
      category: CATEGORIES[row[categoryColumn]] ?? "general",
    });
    truth.set(id, row[column.STORY]);
  }
  return { articles, truth };
}

/** RFC 4180 parsing: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
