/**
 * The outlet page's segment: it titles the 404 of an id that names none of the 19 outlets (a
 * nested not-found page cannot carry metadata of its own; an outlet's page has its own title).
 */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { knownSource } from "@/lib/sources/registry";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return knownSource((await params).id) ? {} : { title: "Outlet not found" };
}

export default function SourceLayout({ children }: { children: ReactNode }) {
  return children;
}
