/**
 * The dot drawn beside an outlet's name. It is grey for every outlet: on this site colour means an
 * outlet's bias rating (blue center-left, red center-right, in the bias bar's legend), so an
 * outlet's brand colour here would read as a rating it does not have (decision 141).
 */

/** A neutral mark beside an outlet's name; `className` sets its size and position. */
export function OutletMark({ className = "h-3 w-3" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="outlet-mark"
      className={`inline-block shrink-0 rounded-full bg-neutral-400 ${className}`}
    />
  );
}
