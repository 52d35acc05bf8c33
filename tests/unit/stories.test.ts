import { describe, expect, it } from "vitest";
import { listNames, outletNames, outletsSentence, storyPath } from "@/lib/stories";
import { backendCard, cardArticle } from "@/tests/unit/client/card-fixture";

describe("how a story is named outside its card", () => {
  it("has a page at /stories/{cardId}", () => {
    expect(storyPath("c_bridge-1")).toBe("/stories/c_bridge-1");
  });

  it("lists its outlets once each, in the card's order, in one sentence", () => {
    const card = backendCard("c1", {
      relatedArticles: [cardArticle("b", "CNN"), cardArticle("c", "BBC News"), cardArticle("d", "NPR")],
    });
    expect(outletNames(card)).toEqual(["BBC News", "CNN", "NPR"]);
    expect(outletsSentence(outletNames(card))).toBe("Covered by 3 outlets: BBC News, CNN and NPR.");
    expect(outletsSentence(["CNN"])).toBe("Covered by 1 outlet: CNN.");
    expect(listNames(["BBC News", "CNN"])).toBe("BBC News and CNN");
    expect(listNames([])).toBe("");
  });
});
