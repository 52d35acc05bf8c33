import { describe, expect, it } from "vitest";
import {
  BODY_RULES,
  bodyDigest,
  keepValidatedBody,
  nestsDeeperThan,
  validatedBody,
} from "@/lib/http/request-body";

/** The plain reference: every character read, a backslash in a string skipping the next one. */
function nestsDeeperThanReference(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (++depth > max) return true;
    } else if (c === "]" || c === "}") depth--;
  }
  return false;
}

/** A deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("nestsDeeperThan", () => {
  it.each([
    ['{"a":[[[1]]]}', 4, false],
    ['{"a":[[[[1]]]]}', 4, true],
    ['{"a":"[[[[[["}', 3, false],
    ['{"a":"\\"[[[[["}', 3, false],
    ['{"a":"\\\\"}[[[[', 3, true],
    ['"never ends [[[[[[', 1, false],
    ["", 0, false],
  ])("%s, at most %i levels: %s", (text, max, deeper) => {
    expect(nestsDeeperThan(text, max)).toBe(deeper);
  });

  it("agrees with the character-by-character reference on 20,000 random texts", () => {
    const next = random(25);
    const alphabet = ['"', "\\", "[", "]", "{", "}", "a", ",", ":"];
    for (let n = 0; n < 20_000; n++) {
      const length = Math.floor(next() * 40);
      let text = "";
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const max = Math.floor(next() * 5);
      expect(nestsDeeperThan(text, max), `${JSON.stringify(text)} at ${max}`).toBe(
        nestsDeeperThanReference(text, max),
      );
    }
  });
});

describe("validated bodies kept by their bytes", () => {
  const route = "POST /test/kept-bodies";
  const digestOf = (text: string) => bodyDigest(Buffer.from(text));

  it("gives back a kept body, frozen all the way down, for the same route and bytes only", () => {
    const body = { articles: [{ title: "A" }] };
    keepValidatedBody(route, digestOf("one"), body, 3);
    const kept = validatedBody(route, digestOf("one"));
    expect(kept?.body).toBe(body);
    expect(Object.isFrozen(body.articles[0])).toBe(true);
    expect(() => {
      "use strict";
      body.articles[0].title = "B";
    }).toThrow(TypeError);
    expect(validatedBody(route, digestOf("One"))).toBeUndefined();
    expect(validatedBody("POST /test/other-route", digestOf("one"))).toBeUndefined();
  });

  it("drops the least recently used past the byte budget, and keeps no body larger than it", () => {
    const half = BODY_RULES.keptBodyBytes / 2;
    keepValidatedBody(route, digestOf("a"), { n: "a" }, half);
    keepValidatedBody(route, digestOf("b"), { n: "b" }, half);
    validatedBody(route, digestOf("a")); // a is now the more recent
    keepValidatedBody(route, digestOf("c"), { n: "c" }, half);
    expect(validatedBody(route, digestOf("b"))).toBeUndefined();
    expect(validatedBody(route, digestOf("a"))?.body).toEqual({ n: "a" });
    expect(validatedBody(route, digestOf("c"))?.body).toEqual({ n: "c" });
    keepValidatedBody(route, digestOf("huge"), { n: "huge" }, BODY_RULES.keptBodyBytes + 1);
    expect(validatedBody(route, digestOf("huge"))).toBeUndefined();
  });

  it("keeps at most the configured number of bodies", () => {
    for (let i = 0; i <= BODY_RULES.keptBodies; i++) keepValidatedBody(route, digestOf(`n${i}`), { i }, 1);
    expect(validatedBody(route, digestOf("n0"))).toBeUndefined();
    expect(validatedBody(route, digestOf(`n${BODY_RULES.keptBodies}`))?.body).toEqual({
      i: BODY_RULES.keptBodies,
    });
  });
});
