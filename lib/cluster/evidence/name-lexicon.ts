/**
 * Which capitalised words of a batch are names: a word the batch's prose capitalises mid-sentence,
 * a token the tokenizer marks as a strong name, or any capital outside a sentence's start.
 */
import {
  CAPITALISED,
  NUMBER,
  SENTENCE_START,
  STRONG_NAME,
  type InternedText,
} from "@/lib/cluster/evidence/interned-text";

/** Per word key, how often the batch writes it capitalised mid-sentence in prose, and how often in lowercase. */
export interface NameLexicon {
  capitalisedInProse: Int32Array;
  lowercase: Int32Array;
}

// A word capitalised mid-sentence in ordinary prose is a name; Title Case headlines give no such
// evidence, so there the batch's prose decides ("Gox" is capitalised wherever it appears, "Files" is not).
export function buildNameLexicon(texts: (readonly InternedText[])[], keyCount: number): NameLexicon {
  const lexicon = { capitalisedInProse: new Int32Array(keyCount), lowercase: new Int32Array(keyCount) };
  for (const fields of texts) {
    // A link's slug is lowercase by convention: it says nothing about which words are names.
    for (const text of fields.slice(0, 2)) {
      for (let k = text.start; k < text.end; k++) {
        const flags = text.flags[k];
        if (flags & NUMBER) continue;
        if (!(flags & CAPITALISED)) lexicon.lowercase[text.keys[k]] += 1;
        else if (!text.titleCase && !(flags & SENTENCE_START)) lexicon.capitalisedInProse[text.keys[k]] += 1;
      }
    }
  }
  return lexicon;
}

export function isName(text: InternedText, k: number, lexicon: NameLexicon): boolean {
  const flags = text.flags[k];
  if (flags & NUMBER || !(flags & CAPITALISED)) return false;
  if (flags & STRONG_NAME) return true;
  if (!text.titleCase && !(flags & SENTENCE_START)) return true;
  const capitalised = lexicon.capitalisedInProse[text.keys[k]];
  return capitalised > 0 && capitalised >= 2 * lexicon.lowercase[text.keys[k]];
}
