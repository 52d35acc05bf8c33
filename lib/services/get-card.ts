import "server-only";

/** One card by id, followed to its successor when retired (GET /api/v1/comparison-cards/{id}). */

import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { CardDetail } from "@/lib/schemas/cards";
import { findCardRow } from "@/lib/storage/cards";
import { toCardDetail } from "./card-view";

/**
 * One card with all its articles. A retired id (its story merged into or split from another
 * card) answers the card that carries the story on, with `supersedes` naming the old id, so
 * shared links keep working.
 */
export async function getCardOrThrow(id: string): Promise<CardDetail> {
  const prisma = getPrisma();
  let current = id;
  for (let hops = 0; hops < 10; hops++) {
    const card = await findCardRow(prisma, current);
    if (!card) break;
    if (!card.retiredAt && card.articles.length > 0)
      return toCardDetail(card, current === id ? undefined : id);
    if (!card.successorId) break;
    current = card.successorId;
  }
  throw new ApiError("not_found", `Comparison card ${id} not found.`);
}
