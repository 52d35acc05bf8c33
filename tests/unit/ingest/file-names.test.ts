import { expect, it } from "vitest";
import { categoryForFileName, sourceIdForFileName } from "@/lib/sources/file-names";
import { KNOWN_SOURCES } from "@/lib/sources/registry";

it.each([
  ["bbc-home-2020-05-31.xml", "bbc-news"],
  ["cnn-topstories-2018-06-23.xml", "cnn"],
  ["fox-politics-2018-06-23.xml", "fox-news"],
  ["guardian-world-2018-06-23.xml", "the-guardian"],
  ["reuters-topnews-2018-06-23.xml", "reuters"],
  ["wsj-world-2020-05-31.xml", "wall-street-journal"],
  ["aljazeera-youtube-atom-2020-05-31.xml", "al-jazeera"],
  ["npr-news-2024-05-19.xml", "npr"],
  ["abcnews-international-2024-05-19.xml", "abc-news"],
  ["abc-australia.xml", "abc-australia"],
  ["abc-news.xml", "abc-news"],
  ["the-guardian.xml", "the-guardian"],
  ["other-nytimes-us-2020-05-31.xml", null],
  ["oddcase-encoding-gb2312-qq-tech.xml", null],
  ["malformed-empty-file-2018-06-23.xml", null],
  ["bbcx-home.xml", null],
])("%s → %s", (file, sourceId) => {
  expect(sourceIdForFileName(file)).toBe(sourceId);
});

it("maps every source id file name to itself", () => {
  for (const s of KNOWN_SOURCES) expect(sourceIdForFileName(`${s.id}.xml`)).toBe(s.id);
});

it("takes the category from a topic word in the name", () => {
  expect(categoryForFileName("bbc-technology-2020.xml")).toBe("technology");
  expect(categoryForFileName("cnn-sport-2020.xml")).toBe("sports");
  expect(categoryForFileName("guardian-culture.xml")).toBe("entertainment");
  expect(categoryForFileName("fox-politics-2018-06-23.xml")).toBe("general");
});
