/**
 * The story page's segment: it titles the 404 of a missing story (a nested not-found page cannot
 * carry metadata of its own; the page's own title replaces this one for a story that exists).
 */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { readStory } from "@/lib/services/get-story";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const story = await readStory((await params).id);
  return story.kind === "missing" ? { title: "Story not found" } : {};
}

export default function StoryLayout({ children }: { children: ReactNode }) {
  return children;
}
