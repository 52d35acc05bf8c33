/**
 * A story for its page (/stories/{id}): the card exactly as GET /comparison-cards/{id} answers it,
 * where a retired id's story went on (its successor), or nothing for an id no live card carries.
 */
import "server-only";
import { ApiError } from "@/lib/http/errors";
import { cachedRead } from "@/lib/read-cache";
import { cardIdParams, type CardDetail } from "@/lib/schemas/cards";
import { getCardOrThrow } from "./get-card";

export type Story =
  { kind: "found"; card: CardDetail } | { kind: "moved"; cardId: string } | { kind: "missing" };

/** The story of `id`: found, moved on to its successor, or missing (unknown or malformed id). */
export async function getStory(id: string): Promise<Story> {
  const params = cardIdParams.safeParse({ id });
  if (!params.success) return { kind: "missing" };
  try {
    const card = await getCardOrThrow(params.data.id);
    return card.supersedes ? { kind: "moved", cardId: card.cardId } : { kind: "found", card };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return { kind: "missing" };
    throw error;
  }
}

/**
 * getStory through the five-second read cache: a page, its metadata and its segment's layout read
 * the story once per request, and a shared link read by many at once costs one database read per
 * few seconds, as the card route does.
 */
export const readStory = (id: string): Promise<Story> => cachedRead(`story:${id}`, () => getStory(id));
