/**
 * Card id continuity across clustering runs, so links, analyses and caches stay valid: a story that
 * gains or loses articles keeps its id; a merge keeps the id of the card it shares most with (ties:
 * the oldest) and retires the others with it as successor; a split gives the id to the part that
 * shares most and new ids to the others, which name the old card as predecessor.
 */
import { createHash } from "node:crypto";
import { compareIds } from "@/lib/cluster/assembly/cluster-articles";
import type { CardDraft } from "@/lib/cluster/cards/build-card";

export interface PreviousCard {
  id: string;
  articleIds: string[];
  createdAt: Date;
}

export interface CardAssignment {
  draft: CardDraft;
  cardId: string;
  isNew: boolean;
  /** Ids of previous cards this one absorbed (merge) or split from, most shared articles first. */
  predecessorIds: string[];
}

export interface IdAssignmentResult {
  /** One per draft, in the drafts' order. */
  assignments: CardAssignment[];
  /** Previous cards no draft continues, by id; successorId is the card that took most of their articles. */
  retired: { id: string; successorId: string | null }[];
}

interface Link {
  draft: number;
  previous: number;
  shared: number;
}

/** Gives every draft a card id, continuing previous cards where they share articles; deterministic. */
export function assignCardIds(previous: PreviousCard[], drafts: CardDraft[]): IdAssignmentResult {
  const links = sharedArticleLinks(previous, drafts);
  const draftKeys = drafts.map((d) => [...d.articleIds].sort(compareIds)[0] ?? "");
  // Largest overlap first; ties: the older previous card, then ids, so neither input order matters.
  links.sort(
    (a, b) =>
      b.shared - a.shared ||
      previous[a.previous].createdAt.getTime() - previous[b.previous].createdAt.getTime() ||
      compareIds(previous[a.previous].id, previous[b.previous].id) ||
      compareIds(draftKeys[a.draft], draftKeys[b.draft]),
  );
  const cardIds: (string | null)[] = drafts.map(() => null);
  const continuedBy = new Map<number, number>();
  for (const link of links) {
    if (cardIds[link.draft] !== null || continuedBy.has(link.previous)) continue;
    cardIds[link.draft] = previous[link.previous].id;
    continuedBy.set(link.previous, link.draft);
  }
  // New ids avoid every previous id, so a retired card's links never land on an unrelated story.
  const taken = new Set(previous.map((p) => p.id));
  const finalIds = [...cardIds];
  for (const d of [...drafts.keys()].sort((a, b) => compareIds(draftKeys[a], draftKeys[b]))) {
    finalIds[d] ??= freeCardId(drafts[d], taken);
  }
  const predecessors = drafts.map((): string[] => []);
  const heirOf = new Map<number, number>();
  for (const link of links) {
    const id = previous[link.previous].id;
    if (id !== finalIds[link.draft]) predecessors[link.draft].push(id);
    if (!heirOf.has(link.previous)) heirOf.set(link.previous, link.draft);
  }
  const assignments = drafts.map((draft, d) => ({
    draft,
    cardId: finalIds[d]!,
    isNew: cardIds[d] === null,
    predecessorIds: predecessors[d],
  }));
  const retired = previous
    .flatMap((card, p) => {
      if (continuedBy.has(p)) return [];
      const heir = heirOf.get(p);
      return [{ id: card.id, successorId: heir === undefined ? null : finalIds[heir]! }];
    })
    .sort((a, b) => compareIds(a.id, b.id));
  return { assignments, retired };
}

/** The id a new card gets: "c_" + 16 hex of sha256 of its smallest article id, so every instance agrees. */
export function newCardId(draft: CardDraft): string {
  return hashId(founder(draft));
}

function founder(draft: CardDraft): string {
  if (draft.articleIds.length === 0) throw new Error("A card draft needs at least one article.");
  return [...draft.articleIds].sort(compareIds)[0];
}

function hashId(text: string): string {
  return "c_" + createHash("sha256").update(text).digest("hex").slice(0, 16);
}

// When the founder's id is already a card's (its old card went to the other part of a split), the
// next candidates are derived from the same founder, so the choice stays deterministic.
function freeCardId(draft: CardDraft, taken: Set<string>): string {
  let id = newCardId(draft);
  for (let attempt = 1; taken.has(id); attempt++) id = hashId(`${founder(draft)}#${attempt}`);
  taken.add(id);
  return id;
}

function sharedArticleLinks(previous: PreviousCard[], drafts: CardDraft[]): Link[] {
  const cardOfArticle = new Map<string, number>();
  previous.forEach((card, p) => card.articleIds.forEach((id) => cardOfArticle.set(id, p)));
  const links: Link[] = [];
  drafts.forEach((draft, d) => {
    const shared = new Map<number, number>();
    for (const id of draft.articleIds) {
      const p = cardOfArticle.get(id);
      if (p !== undefined) shared.set(p, (shared.get(p) ?? 0) + 1);
    }
    for (const [p, count] of shared) links.push({ draft: d, previous: p, shared: count });
  });
  return links;
}
