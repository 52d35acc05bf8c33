/** Builds a small RSS 2.0 document (tests serve it from the local feed server). */

export interface RssItem {
  title: string;
  link: string;
  description: string;
  hoursAgo: number;
}

const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function rssFeed(channel: string, items: RssItem[], now = new Date()): string {
  const entries = items
    .map(
      (i) =>
        `<item><title>${escape(i.title)}</title><link>${escape(i.link)}</link><guid>${escape(i.link)}</guid>` +
        `<description>${escape(i.description)}</description><pubDate>${new Date(now.getTime() - i.hoursAgo * 3_600_000).toUTCString()}</pubDate></item>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(channel)}</title><link>https://example.test/</link><description>test</description>${entries}</channel></rss>`;
}
