/** The root layout: the page's title, description, viewport and global styles around every page. */

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { FEED_ALTERNATES } from "@/lib/feeds/links";
import "./globals.css";

export const metadata: Metadata = {
  // A story page's title is its topic, followed by the product's name.
  title: { default: "Global Multi-Source News Analysis", template: "%s | Global Multi-Source News Analysis" },
  description:
    "Compare how different news outlets cover the same story: cached content from the last 72 hours, compared side by side.",
  // Feed readers find the feeds from the site's address.
  alternates: { types: FEED_ALTERNATES },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1e3a8a" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
