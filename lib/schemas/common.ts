/** Schemas shared by several routes. */

import { z } from "zod";

/** For routes that take no query: unknown parameters (cache busters) are ignored. */
export const noQuery = z.object({});

// NUL, and halves of surrogate pairs without their other half (code units, so no u flag).
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// What UNSAFE_TEXT can match at all: most texts hold neither, and this test, with no lookaround,
// reads 50 KB of articles several times faster (issue 25).
const MAYBE_UNSAFE = /[\u0000\ud800-\udfff]/;

/** True when `s` holds NUL or an unpaired surrogate. */
const unsafeText = (s: string) => MAYBE_UNSAFE.test(s) && UNSAFE_TEXT.test(s);

/**
 * A string a client sends: every text input of the API is one. NUL and unpaired surrogates are
 * refused (400): no real text holds them, PostgreSQL cannot store or compare them, and they
 * used to end as 500s (issue 14).
 */
export const text = () =>
  z.string().refine((s) => !unsafeText(s), "must not contain NUL characters or unpaired surrogates");
