/**
 * The diff of one re-clustering: given the cards stored before and the card ids assigned to the
 * new drafts, what to create, update, retire and which memberships to rewrite. Pure; the
 * storage module (lib/storage/cards.ts) writes it, the rebuild service ties both together.
 */

import type { CategoryId } from "@/lib/catalog";
import type { CardAssignment, IdAssignmentResult } from "@/lib/cluster/cards/assign-card-ids";
import { CARD_TUNING } from "@/lib/cluster/tuning";

/** A card as stored, with its members in order (what the diff compares against). */
export interface StoredCard {
  id: string;
  createdAt: Date;
  retiredAt: Date | null;
  topic: string;
  category: string;
  country: string;
  countries: string[];
  mainArticleId: string | null;
  confidence: number;
  latestPublishedAt: Date;
  articleIds: string[];
}

/** The columns of a live card that a rebuild writes. */
export interface CardFields {
  topic: string;
  category: CategoryId;
  country: string;
  countries: string[];
  mainArticleId: string;
  articleCount: number;
  sourceCount: number;
  confidence: number;
  isDemo: boolean;
  latestPublishedAt: Date;
  retiredAt: null;
  successorId: null;
}

export interface CardMember {
  cardId: string;
  articleId: string;
  position: number;
}

export interface CardChanges {
  create: { id: string; data: CardFields }[];
  update: { id: string; data: CardFields }[];
  /** Live cards no draft continues (already retired ones are left as they are). */
  retire: { id: string; successorId: string | null }[];
  /** Cards whose memberships are rewritten: created, changed members, retired. */
  clearMembers: string[];
  /** The new memberships of the created and re-membered cards. */
  members: CardMember[];
  unchanged: number;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function fieldsOf({ draft }: CardAssignment, demoIds: ReadonlySet<string>): CardFields {
  return {
    topic: draft.topic,
    category: draft.category,
    country: draft.country || draft.countries[0] || "us",
    countries: draft.countries,
    mainArticleId: draft.mainArticleId,
    articleCount: draft.articleIds.length,
    sourceCount: draft.sourceCount,
    confidence: draft.confidence,
    isDemo: draft.articleIds.some((id) => demoIds.has(id)),
    latestPublishedAt: draft.latestPublishedAt,
    retiredAt: null,
    successorId: null,
  };
}

function fieldsChanged(old: StoredCard, data: CardFields): boolean {
  return (
    old.retiredAt !== null ||
    old.topic !== data.topic ||
    old.category !== data.category ||
    old.country !== data.country ||
    !sameList(old.countries, data.countries) ||
    old.mainArticleId !== data.mainArticleId ||
    Math.abs(old.confidence - data.confidence) >= CARD_TUNING.confidenceStep ||
    old.latestPublishedAt.getTime() !== data.latestPublishedAt.getTime()
  );
}

/** What a rebuild writes: new cards, changed cards, newly retired cards and rewritten memberships. */
export function planCardChanges(
  stored: readonly StoredCard[],
  { assignments, retired }: IdAssignmentResult,
  demoIds: ReadonlySet<string>,
): CardChanges {
  const byId = new Map(stored.map((c) => [c.id, c]));
  const changes: CardChanges = {
    create: [],
    update: [],
    retire: [],
    clearMembers: [],
    members: [],
    unchanged: 0,
  };
  const rewrite = new Set<string>();
  for (const assignment of assignments) {
    const { cardId, draft } = assignment;
    const data = fieldsOf(assignment, demoIds);
    const old = byId.get(cardId);
    if (!old) {
      changes.create.push({ id: cardId, data });
      rewrite.add(cardId);
      continue;
    }
    const membersChanged = !sameList(old.articleIds, draft.articleIds);
    if (!membersChanged && !fieldsChanged(old, data)) {
      changes.unchanged++;
      continue;
    }
    changes.update.push({ id: cardId, data });
    if (membersChanged) rewrite.add(cardId);
  }
  changes.retire = retired.filter((r) => byId.get(r.id)?.retiredAt === null);
  // Memberships: an article belongs to at most one live card.
  changes.clearMembers = [...rewrite, ...changes.retire.map((r) => r.id)];
  changes.members = assignments
    .filter((a) => rewrite.has(a.cardId))
    .flatMap((a) =>
      a.draft.articleIds.map((articleId, position) => ({ cardId: a.cardId, articleId, position })),
    );
  return changes;
}
