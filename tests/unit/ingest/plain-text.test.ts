import { describe, expect, it } from "vitest";
import { MAX_HTML_CHARS, toPlainText, truncate } from "@/lib/ingest/plain-text";

describe("toPlainText", () => {
  it.each([
    ["<p>Before <script>alert('x')</script>after.</p>", "Before after."],
    ['<img src="x" onerror="alert(1)">Caption', "Caption"],
    ['<a href="javascript:alert(2)" onclick="steal()">link text</a>', "link text"],
    ["<style>p{color:red}</style><p>Styled</p>", "Styled"],
    ["<p>One</p><p>Two</p>", "One. Two"],
    ["Line<br>break", "Line break"],
    ["AT&amp;T &lsquo;quoted&rsquo; &#8212; &#x2603; caf&eacute;&nbsp;bar", "AT&T ‘quoted’ — ☃ café bar"],
    [
      "&lt;p&gt;Escaped &lt;b&gt;markup&lt;/b&gt;&lt;script&gt;alert(4)&lt;/script&gt;&lt;/p&gt;",
      "Escaped markup",
    ],
    ["&amp;lt;script&amp;gt;alert(5)&amp;lt;/script&amp;gt;Twice escaped", "Twice escaped"],
    ["Plain text stays, with 5 < 6 and a & b", "Plain text stays, with 5 < 6 and a & b"],
    ["  lots\n\n of \t whitespace  ", "lots of whitespace"],
    ["<iframe src=//evil>inside</iframe>visible", "visible"],
    ["<svg><script>alert(6)</script></svg>After svg", "After svg"],
    ["<!-- a comment --><p>Text</p>", "Text"],
    ["", ""],
  ])("%s", (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });

  it("never glues two paragraphs into one sentence: a full stop goes in only where the first lacks one", () => {
    const guardian =
      "<p>Reed Hastings vows to ‘set a better example’ in memo regretting PR chief’s racial slur</p> " +
      "<p>The head of Netflix has told his staff he needs to “set a better example”.</p>";
    expect(toPlainText(guardian)).toBe(
      "Reed Hastings vows to ‘set a better example’ in memo regretting PR chief’s racial slur. " +
        "The head of Netflix has told his staff he needs to “set a better example”.",
    );
    expect(
      toPlainText(
        "<p>Delegates say talks were fraught – Brent crude rises 2%</p><p>Major oil producers agreed</p>",
      ),
    ).toBe("Delegates say talks were fraught – Brent crude rises 2%. Major oil producers agreed");
    expect(toPlainText("<h2>Zimbabwe</h2>\n<div><p>Emmerson Mnangagwa has escaped</p></div>")).toBe(
      "Zimbabwe. Emmerson Mnangagwa has escaped",
    );
    // Punctuated already, continued in lowercase, or parted by a table cell: a space only.
    expect(toPlainText("<p>Talks ended.</p><p>Prices rose.</p>")).toBe("Talks ended. Prices rose.");
    expect(toPlainText("<p>He said “we will.”</p><p>They did</p>")).toBe("He said “we will.” They did");
    expect(toPlainText("<p>Officials said:</p><ul><li>Prices rose</li><li>Jobs fell</li></ul>")).toBe(
      "Officials said: Prices rose. Jobs fell",
    );
    expect(toPlainText("The minister said<br>that talks failed")).toBe("The minister said that talks failed");
    expect(toPlainText("<table><tr><td>Oil</td><td>Brent</td></tr></table>")).toBe("Oil Brent");
    // A run of breaks is one break, and the marker never comes from the feed itself.
    expect(toPlainText(`<p>one</p>${"<br>".repeat(5000)}<p>Two</p>`)).toBe("one. Two");
    expect(toPlainText("plain \uFDD0 Text")).toBe("plain Text");
  });

  it("never leaves a tag or a script, whatever the nesting", () => {
    const nasty = [
      "<scr<script>ipt>alert(1)</scr</script>ipt>",
      "<<script>script>alert(1)<</script>/script>",
      '<img """><script>alert(1)</script>">',
      "<div onmouseover='x'>hover</div><body onload=alert(1)>",
      "&lt;img src=x onerror=alert(1)&gt;",
    ];
    for (const input of nasty) {
      const text = toPlainText(input);
      expect(text, input).not.toMatch(/<\s*(script|img|div|body)|onerror\s*=|onload\s*=|onmouseover\s*=/i);
    }
  });

  it("cuts a huge input before cleaning it: 1 MB of nested <div> is read in well under a second (issue 14)", () => {
    const nested = `${"<div>".repeat(100_000)}deep text${"</div>".repeat(100_000)}`;
    expect(nested.length).toBeGreaterThan(1_000_000);
    // CPU time, not wall time: what the cleaning costs, whatever else the machine is running.
    const before = process.cpuUsage();
    const text = toPlainText(nested);
    const spent = process.cpuUsage(before);
    expect((spent.user + spent.system) / 1000).toBeLessThan(500);
    expect(text).not.toMatch(/[<>]/);
    // The cut never leaves half a tag behind as text.
    const atTheCut = `${"word ".repeat(MAX_HTML_CHARS / 5 - 1)}<img src=x onerror=alert(1)> more`;
    expect(toPlainText(atTheCut, 100_000)).not.toMatch(/<|onerror/);
  });

  it("cuts long text at a word boundary", () => {
    expect(truncate("alpha beta gamma delta epsilon", 25)).toBe("alpha beta gamma delta…");
    expect(truncate("short", 25)).toBe("short");
    expect(toPlainText("word ".repeat(100), 20).length).toBeLessThanOrEqual(20);
  });
});
