/**
 * An outlet's profile as its page shows it (decision 121): facts and rating, ownership and
 * funding, paywall, feeds, and the window's stories it covered and left out. Rendered on the
 * server; only the dates hydrate (the reader's time zone).
 */

import { LocalTime } from "@/components/app/local-time";
import { PaywallBadge } from "@/components/card/paywall-badge";
import { OutletMark } from "@/components/source/outlet-mark";
import { categoryName, countryName } from "@/lib/catalog";
import { RATING_COLOR } from "@/lib/client/bands";
import { coveredSentence, itemsSentence } from "@/lib/outlet-words";
import { PAYWALL_WORDS } from "@/lib/outlets";
import type { SourceProfile } from "@/lib/schemas/sources";
import { storyPath } from "@/lib/stories";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryOf = (id: string) => countryName(id) ?? regionNames.of(id.toUpperCase()) ?? id;

/** A failing feed in red; an offline one (the server's network, not the outlet) in plain grey. */
const FEED_STATUS_COLOR: Record<SourceProfile["feeds"][number]["status"], string> = {
  ok: "text-emerald-800",
  failing: "text-rose-800",
  offline: "text-slate-700",
  "not fetched yet": "text-slate-700",
};

const SECTION = "mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-1 sm:flex sm:gap-3">
      <dt className="shrink-0 font-medium text-slate-700 sm:w-40">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** One titled section of the profile; `name` is its test id and the stem of its heading's id. */
function Section({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${name}-title`} className={SECTION} data-testid={name}>
      <h2 id={`${name}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The profile's head: the outlet's name, where it is from, what it covers, its rating and homepage. */
function ProfileHeader({ profile: p }: { profile: SourceProfile }) {
  return (
    <header className={`${SECTION} mt-0`}>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <OutletMark className="h-4 w-4" />
        {p.name}
      </h1>
      <dl className="mt-3 text-sm">
        <Fact term="Region">{p.region}</Fact>
        <Fact term="Home country">{countryOf(p.country)}</Fact>
        <Fact term="Countries covered">{p.coverage.map(countryOf).join(", ")}</Fact>
        <Fact term="Bias rating">
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${RATING_COLOR[p.biasRating].fill} ${RATING_COLOR[p.biasRating].text}`}
          >
            {p.biasRating}
          </span>{" "}
          <span className="text-slate-700" data-testid="rating-source">
            {`Rated by: ${p.biasRatingSource}. The site's own judgement on a three-point scale, the same on every card's bias bar.`}
          </span>
        </Fact>
        <Fact term="Homepage">
          <a href={p.homepage} rel="noopener noreferrer" className="text-blue-800 underline">
            {p.homepage.replace(/^https:\/\//, "")}
          </a>
        </Fact>
      </dl>
    </header>
  );
}

/** Who owns the outlet, who funds it, and its paywall. */
function OwnershipSection({ profile: p }: { profile: SourceProfile }) {
  return (
    <Section name="ownership" title="Ownership and funding">
      <dl className="mt-2 text-sm">
        <Fact term="Kind">{p.ownership.kind}</Fact>
        <Fact term="Owner">{p.ownership.owner}</Fact>
        <Fact term="Funded by">{p.ownership.funding}</Fact>
        <Fact term="Paywall">
          <PaywallBadge paywall={p.paywall} /> {PAYWALL_WORDS[p.paywall].sentence}
        </Fact>
      </dl>
      <p className="mt-2 text-xs text-slate-700">
        {`As of ${p.ownership.asOf}, from what the outlet and its owner publish about themselves.`}
      </p>
    </Section>
  );
}

/** One feed: its category, its status (and problem), when it was last fetched, and its items in the window. */
function FeedRow({ feed: f }: { feed: SourceProfile["feeds"][number] }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 py-1.5" data-testid="feed-row">
      <span className="w-32 font-medium text-slate-900">{categoryName(f.category)}</span>
      <span className={FEED_STATUS_COLOR[f.status]}>
        {f.status}
        {f.problem ? ` (${f.problem})` : ""}
      </span>
      <span className="text-slate-700">
        {f.lastFetchedAt ? (
          <>
            last fetched <LocalTime iso={f.lastFetchedAt} />
          </>
        ) : (
          "never fetched"
        )}
      </span>
      <span className="text-slate-700">{f.itemsInWindow} in the window</span>
    </li>
  );
}

/** The outlet's feeds, or why none is fetched; a line when the server itself is offline. */
function FeedsSection({ profile: p }: { profile: SourceProfile }) {
  return (
    <Section name="feeds" title="Its feeds">
      {!p.available || p.feeds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="unavailable">
          Not fetched: {p.unavailableReason ?? "it publishes no feed the site can read."}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{itemsSentence(p)}</p>
          {p.feeds.some((f) => f.status === "offline") && (
            <p className="mt-1 text-sm text-slate-800" data-testid="feeds-offline">
              This server could not reach any outlet&apos;s feed at its last attempts: it has no network
              connection, so nothing new can be fetched until it has one.
            </p>
          )}
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {p.feeds.map((f) => (
              <FeedRow key={f.category} feed={f} />
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

/** A story's topic, linked to its page. */
function StoryLink({ story }: { story: { cardId: string; topic: string } }) {
  return (
    <a href={storyPath(story.cardId)} className="font-medium text-blue-900 underline">
      {story.topic}
    </a>
  );
}

/** The window's stories the outlet covered: how many other outlets did, and whether it was first. */
function CoveredSection({ profile: p }: { profile: SourceProfile }) {
  return (
    <Section name="covered" title="What it covered">
      <p className="mt-1 text-sm text-slate-700">{coveredSentence(p, p.covered.stories.length)}</p>
      <ul className="mt-2 space-y-2 text-sm">
        {p.covered.stories.map((s) => (
          <li key={s.cardId} data-testid="covered-story">
            <StoryLink story={s} />
            <span className="ml-2 text-slate-700">
              {s.otherOutlets === 0
                ? "no other outlet"
                : `${s.otherOutlets} other ${s.otherOutlets === 1 ? "outlet" : "outlets"}`}
            </span>
            {s.reportedFirst && (
              <span className="ml-2 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-semibold text-blue-900">
                reported first
              </span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The stories its peers covered in its categories and countries that it did not. */
function LeftOutSection({ profile: p }: { profile: SourceProfile }) {
  return (
    <Section name="left-out" title="What it left out">
      <p className="mt-1 text-sm text-slate-700">
        Stories at least {p.leftOut.minOutlets} outlets covered in its categories and countries that it did
        not: {p.leftOut.total}
        {p.leftOut.total > p.leftOut.stories.length ? `; the ${p.leftOut.stories.length} most covered` : ""}.
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {p.leftOut.stories.map((s) => (
          <li key={s.cardId} data-testid="left-out-story">
            <StoryLink story={s} />
            <span className="ml-2 text-slate-700">{s.outlets} outlets</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The whole profile of one outlet. */
export function SourceProfileView({ profile }: { profile: SourceProfile }) {
  return (
    <article data-testid="source-profile">
      <ProfileHeader profile={profile} />
      <OwnershipSection profile={profile} />
      <FeedsSection profile={profile} />
      <CoveredSection profile={profile} />
      <LeftOutSection profile={profile} />
    </article>
  );
}
