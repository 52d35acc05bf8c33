/**
 * Timestamps in plain SQL, written as Prisma writes them: UTC wall time in a TIMESTAMP(3) column
 * without a time zone, so Prisma reads back what plain SQL wrote (decision 011).
 */

/** The SQL expression for an ISO instant parameter (`$1`, or any expression) as a UTC timestamp. */
export const utc = (param: string) => `(${param}::timestamptz AT TIME ZONE 'UTC')`;

/** The SQL expression for the time of the statement, as a UTC timestamp. */
export const NOW_UTC = "(now() AT TIME ZONE 'UTC')";
