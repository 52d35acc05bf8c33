/**
 * A story's own page, /stories/{id}, rendered on the server from the card GET
 * /comparison-cards/{id} answers: the card working as on the feed, then its coverage over time.
 * A retired id redirects permanently to the card carrying its story; an unknown id is a 404.
 */
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, permanentRedirect } from "next/navigation";
import { CoverageTimeline } from "@/components/story/coverage-timeline";
import { StoryCard } from "@/components/story/story-card";
import { StoryHeader } from "@/components/story/story-header";
import { mapCard } from "@/lib/client/map-card";
import { safeUrl } from "@/lib/client/safe-url";
import { FEED_ALTERNATES } from "@/lib/feeds/links";
import { siteOrigin } from "@/lib/http/site-origin";
import { renderInTurn } from "@/lib/render-turns";
import { readStory } from "@/lib/services/get-story";
import { outletNames, outletsSentence, storyPath } from "@/lib/stories";

// Each request reads the current card (cards change with every ingest); nothing is prerendered.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const story = await readStory((await params).id);
  // A moved story redirects and a missing one is the 404, titled by the segment's layout.
  if (story.kind !== "found") return {};
  const { card } = story;
  const url = `${siteOrigin(await headers())}${storyPath(card.cardId)}`;
  const description = `${outletsSentence(outletNames(card))} Compare how they report it, their bias ratings and how coverage grew.`;
  const image = safeUrl(card.mainHeadline.urlToImage);
  return {
    title: card.topic,
    description,
    alternates: { canonical: url, types: FEED_ALTERNATES },
    openGraph: {
      type: "article",
      url,
      title: card.topic,
      description,
      siteName: "Global Multi-Source News Analysis",
      publishedTime: card.coverage.firstPublishedAt,
      modifiedTime: card.updatedAt,
      ...(image ? { images: [image] } : {}),
    },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title: card.topic,
      description,
      ...(image ? { images: [image] } : {}),
    },
    // Demo stories are invented: fine to share, not to index.
    ...(card.isDemo ? { robots: { index: false } } : {}),
  };
}

export default async function StoryPage({ params }: Props) {
  const story = await readStory((await params).id);
  if (story.kind === "moved") permanentRedirect(storyPath(story.cardId));
  if (story.kind === "missing") notFound();
  // Story pages render one at a time (issue 34).
  await renderInTurn("story-page");
  // A server component renders once per request: this is that request's clock, for relative times.
  // eslint-disable-next-line react-hooks/purity
  const renderedAt = Date.now();
  return (
    <>
      <StoryHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 pb-16 pt-6">
        <StoryCard card={mapCard(story.card)} renderedAt={renderedAt} />
        <CoverageTimeline card={story.card} />
      </main>
    </>
  );
}
