/**
 * The analysis's stop words: the function words clustering and analysis share (lib/text/words.ts),
 * and the words that open sentences or frame an analysis ("overall", "outlets", "tone") or say
 * nothing about a story in a key phrase or a claim ("said", "reports", "headline").
 */
import { FUNCTION_WORDS } from "@/lib/text/words";

/** Capitalised words that start sentences or frame an analysis, never names on their own. */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ..."last per yet".split(" "),
  // words the analyzer and typical model answers open sentences with
  ...(
    "overall coverage reports report outlets outlet sources source articles article tone bias sentiment " +
    "analysis scores score loaded wording figures figure mostly largely mainly strongest mixed neutral " +
    "positive negative left right center centre unrated rated ratings rating none nothing compared " +
    "together similarly instead whereas despite unlike like key common differences agree agrees disagree " +
    "differ differs shared emphasis names mentions mention quotes quote cited corroboration claims claim " +
    "details detail alone uniformly words word count counts different things"
  ).split(" "),
]);

/** Words too common to carry meaning in a key phrase or a claim. */
export const STOP_WORDS = new Set([
  ...COMMON_WORDS,
  ..."said says say told tell also just like get got make made take took new year years time week day".split(
    " ",
  ),
  // the vocabulary of comparing reports, which says nothing about the story itself
  // the analyzer's own framing of quoted sentences ("BBC News leads with “…” and adds: “…”")
  ..."lead leads adds add headline headlines words outlets event puts".split(" "),
  ..."give gives given different differ differs difference figure figures mention mentions mentioned report reports reported quote quotes quoted cite cites focus focuses emphasis emphasise emphasises emphasize emphasizes highlight highlights describe describes described note notes state states account accounts portray portrays frame frames framing".split(
    " ",
  ),
]);
