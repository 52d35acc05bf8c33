/**
 * An article's vocabulary: every term, name family and number it states anywhere in the text
 * read, what "another outlet says it too" is checked against (angles, common points, differences).
 */
import { addTokenTerms, phraseTerms, RETURN_TERM, returnAfterGap } from "../text/tokens";
import { nameFamily, nameSpelling } from "@/lib/text/terms";
import type { PreparedArticle } from "./facts";

/** Every term, name family and number an article states anywhere in the text read: what "another outlet says it too" is checked against. */
export interface ArticleVocabulary {
  terms: Set<string>;
  families: Set<string>;
  numbers: Set<string>;
  match: string;
}

/** An article's vocabulary. */
export function vocabularyOf(article: PreparedArticle): ArticleVocabulary {
  const terms = new Set<string>();
  const families = new Set<string>();
  // Once per distinct word: texts repeat their words.
  const seen = new Set<string>();
  for (const s of article.sentences) {
    // "United Kingdom" says "Britain" (lib/text/synonyms.ts).
    for (const { term } of phraseTerms(s.tokens)) {
      terms.add(term);
      families.add(term);
    }
    // "brought spaceflight back to US" says what "the first … since 2011" says (text/tokens.ts returnAfterGap).
    if (returnAfterGap(s.tokens)) terms.add(RETURN_TERM);
    for (const t of s.tokens) {
      const id = t.acronym ? `A${t.text}` : t.text;
      if (seen.has(id)) continue;
      seen.add(id);
      addTokenTerms([t], terms);
      families.add(nameFamily(t.text, t.acronym));
      const spelling = nameSpelling(t.text);
      if (spelling) families.add(spelling);
      if (t.text.includes("-"))
        for (const part of t.text.split("-")) if (part.length >= 2) families.add(nameFamily(part));
    }
  }
  const numbers = new Set<string>(article.numberUnits.keys());
  for (const n of article.numbers) numbers.add(n.value);
  return { terms, families, numbers, match: article.match };
}
