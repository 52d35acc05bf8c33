import { describe, expect, it } from "vitest";
import { parseCsv, parseUciCsv } from "@/scripts/lib/cluster-eval/uci-dataset";

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "two\nlines", ""],
    ]);
  });
});

describe("parseUciCsv", () => {
  it("maps the UCI columns to clusterer input and ground truth", () => {
    const text =
      "ID,TITLE,URL,PUBLISHER,CATEGORY,STORY,HOSTNAME,TIMESTAMP\n" +
      '7,"Fed holds rates, signals patience",http://x,Reuters,b,dS1,x,1394470501265\n' +
      "8,Fed keeps rates on hold,http://y,Reuters UK \\(blog\\),b,dS1,y,1394470501266\n";
    const { articles, truth } = parseUciCsv(text);
    expect(articles[0]).toEqual({
      id: "7",
      title: "Fed holds rates, signals patience",
      summary: "",
      url: "http://x",
      sourceId: "Reuters",
      publishedAt: new Date(1394470501265),
      category: "business",
    });
    expect(articles[1].sourceId).toBe("Reuters UK \\(blog\\)");
    expect([...truth]).toEqual([
      ["7", "dS1"],
      ["8", "dS1"],
    ]);
  });

  it("names the missing columns", () => {
    expect(() => parseUciCsv("ID,TITLE\n1,x\n")).toThrow("PUBLISHER, STORY, TIMESTAMP");
  });
});
