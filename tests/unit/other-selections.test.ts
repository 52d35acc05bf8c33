/** Where the stories outside a selection wait (lib/other-selections.ts, decision 143). */
import { describe, expect, it } from "vitest";
import { otherSelections, type StoryPlace } from "@/lib/other-selections";

const story = (id: string, category: string, countries: string[]): StoryPlace => ({
  id,
  category,
  countries,
});

describe("otherSelections", () => {
  it("counts the distinct stories and offers the pairs that reach them, most stories first", () => {
    const stories = [
      story("s1", "sports", ["in"]),
      story("s2", "sports", ["in", "gb"]),
      story("s3", "technology", ["us"]),
      story("s4", "science", ["de"]),
    ];
    expect(otherSelections(stories)).toEqual({
      stories: 4,
      selections: [
        { country: "in", category: "sports", stories: 2 },
        { country: "us", category: "technology", stories: 1 },
        { country: "de", category: "science", stories: 1 },
      ],
    });
  });

  it("takes next the pair reaching most stories not yet reached, and reports all it holds", () => {
    // us/business and gb/business hold three each (the catalog puts us first); then only c is
    // unreached, which gb/business holds and fr/business does not.
    const stories = [
      story("a", "business", ["gb", "us"]),
      story("b", "business", ["gb", "us"]),
      story("c", "business", ["gb"]),
      story("d", "business", ["fr", "us"]),
    ];
    expect(otherSelections(stories).selections).toEqual([
      { country: "us", category: "business", stories: 3 },
      { country: "gb", category: "business", stories: 3 },
    ]);
  });

  it("stops at the limit, still counting every story", () => {
    const stories = ["us", "gb", "ca", "au"].map((c, i) => story(`s${i}`, "health", [c]));
    const result = otherSelections(stories, 2);
    expect(result.stories).toBe(4);
    expect(result.selections.map((s) => s.country)).toEqual(["us", "gb"]);
  });

  it("skips countries and categories the product does not offer, and says nothing for no story", () => {
    expect(otherSelections([story("x", "health", ["ch"])])).toEqual({ stories: 1, selections: [] });
    expect(otherSelections([])).toEqual({ stories: 0, selections: [] });
  });
});
