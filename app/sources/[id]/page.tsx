/**
 * An outlet's own page, /sources/{id}, rendered on the server from the profile GET
 * /api/v1/sources/{id} answers (issue 26, decision 121): who it is and who owns it, its paywall,
 * its feeds' health, and what it covered and left out in the news window. An unknown id is a 404.
 */
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SourceProfileView } from "@/components/source/source-profile";
import { StoryHeader } from "@/components/story/story-header";
import { siteOrigin } from "@/lib/http/site-origin";
import { sourcePath } from "@/lib/outlets";
import { cachedRead } from "@/lib/read-cache";
import { renderInTurn } from "@/lib/render-turns";
import type { SourceProfile } from "@/lib/schemas/sources";
import { outletId, outletProfile } from "@/lib/services/source-profiles";

// Each request reads the current profile (feeds and stories change with every ingest).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

// The page and its metadata read the profile once per few seconds, as the story page does. Next
// hands the page its segment as the path spells it (escaped) where the API route gets it decoded:
// decoded here too, an id is the registry's once trimmed as the API trims it, or the page is a
// 404, before any key or query (issue 34).
async function loadProfile(segment: string): Promise<SourceProfile | null> {
  let requested = segment;
  try {
    requested = decodeURIComponent(segment);
  } catch {
    // a malformed escape never gets here (proxy.ts answers it); as given, it names no outlet
  }
  const id = outletId(requested);
  return id ? cachedRead(`source-page:${id}`, () => outletProfile(id)) : null;
}

/** "BBC News is a public broadcaster (The BBC, …), rated center. …" */
function describe(p: SourceProfile): string {
  return (
    `${p.name} is a ${p.ownership.kind} (${p.ownership.owner}), rated ${p.biasRating}. ` +
    `Who funds it, its paywall, its feeds, and the stories of the last 72 hours it covered and left out.`
  );
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await loadProfile((await params).id);
  if (!profile) return {};
  const url = `${siteOrigin(await headers())}${sourcePath(profile.id)}`;
  const title = `${profile.name}: ownership, funding and coverage`;
  const description = describe(profile);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      url,
      title,
      description,
      siteName: "Global Multi-Source News Analysis",
    },
    twitter: { card: "summary", title, description },
  };
}

export default async function SourcePage({ params }: Props) {
  const profile = await loadProfile((await params).id);
  if (!profile) notFound();
  // Outlet pages render one at a time (issue 34).
  await renderInTurn("outlet-page");
  return (
    <>
      <StoryHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 pb-16 pt-6">
        <SourceProfileView profile={profile} />
      </main>
    </>
  );
}
