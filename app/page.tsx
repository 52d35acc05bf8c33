import { SiteHeader } from "@/components/header/site-header";

export default function HomePage() {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Global Multi-Source News Analysis</h1>
        <p className="mt-2 text-slate-700">
          Cached content from the last 72 hours with AI-powered perspective comparison.
        </p>
      </main>
    </>
  );
}
