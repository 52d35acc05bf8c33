/**
 * The reader's one screen (docs/product.md §2): renders the client app, whose shell is
 * server-rendered.
 */

import { NewsApp } from "@/components/app/news-app";

export default function HomePage() {
  return <NewsApp />;
}
