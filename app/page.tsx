import { NewsApp } from "@/components/app/news-app";

export default function HomePage() {
  return <NewsApp />;
}
