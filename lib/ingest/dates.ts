/**
 * Publication times as feeds write them: RFC 822 ("Sat, 30 May 2020 21:42:00 -0400"),
 * ISO 8601 ("2020-05-31T06:08:06+00:00"), and the variations real feeds produce (zone
 * abbreviations the JS parser does not know, no zone at all, "Tues"). A time without a zone
 * is read as UTC, never as the server's local time, so results do not depend on the machine.
 */

// Offsets of the abbreviations feeds use that Date.parse does not know (it knows GMT, UT,
// UTC, Z and the US zones EST … PDT).
const ZONES: Record<string, string> = {
  BST: "+0100",
  IST: "+0530",
  CET: "+0100",
  CEST: "+0200",
  MET: "+0100",
  MEST: "+0200",
  WET: "+0000",
  WEST: "+0100",
  EET: "+0200",
  EEST: "+0300",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AWST: "+0800",
  ACST: "+0930",
  ACDT: "+1030",
  AEST: "+1000",
  AEDT: "+1100",
  NZST: "+1200",
  NZDT: "+1300",
  HST: "-1000",
  AKST: "-0900",
  AKDT: "-0800",
  AST: "-0400",
  ADT: "-0300",
  NST: "-0330",
  NDT: "-0230",
  SAST: "+0200",
  GST: "+0400",
  BRT: "-0300",
  ART: "-0300",
};

const ISO_NO_ZONE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const HAS_ZONE = /(?:[+-]\d{2}:?\d{2}|\b(?:GMT|UTC?|Z|[ECMP][SD]T)|\d(?:Z))\s*$/i;
const WEEKDAY = /^[A-Za-z]{2,9}\.?,?\s+(?=\d)/;

function tryParse(text: string): Date | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The instant a feed date names, or null when it names none. */
export function parseFeedDate(raw: string | null | undefined): Date | null {
  let text = raw?.trim().replace(/\s+/g, " ");
  if (!text) return null;
  const iso = ISO_NO_ZONE.exec(text);
  if (iso) return tryParse(`${iso[1]}T${iso[2]}Z`);
  // The weekday adds nothing and is often misspelt or localised ("Tues,", "Dom,").
  text = text.replace(WEEKDAY, "");
  const zone = /\b([A-Z]{2,5})$/.exec(text)?.[1];
  if (zone && ZONES[zone]) text = `${text.slice(0, -zone.length)}${ZONES[zone]}`;
  else if (!HAS_ZONE.test(text) && /\d{1,2}:\d{2}/.test(text)) text = `${text} GMT`;
  const date = tryParse(text);
  // Years outside this range are typos or placeholders ("0001-01-01"), not news.
  if (!date || date.getUTCFullYear() < 1990 || date.getUTCFullYear() > 2200) return null;
  return date;
}

/** Clock skew tolerated before a future publication time is treated as wrong. */
export const FUTURE_SKEW_MS = 10 * 60_000;

/**
 * The publication time stored for an item: the first date it carries that parses, clamped
 * to the fetch time when it lies in the future, else the fetch time itself.
 */
export function publishedAt(candidates: (string | null | undefined)[], fetchedAt: Date): Date {
  for (const raw of candidates) {
    const date = parseFeedDate(raw);
    if (!date) continue;
    return date.getTime() > fetchedAt.getTime() + FUTURE_SKEW_MS ? fetchedAt : date;
  }
  return fetchedAt;
}
