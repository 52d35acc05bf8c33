/**
 * What stands in for a panel while its code loads: an element with the panel's id, so the button
 * that opened it (aria-controls) always names an element that exists, and a screen reader hears
 * that it is loading.
 */
export function PanelLoading({ id }: { id: string }) {
  return (
    <p id={id} role="status" className="sr-only">
      Loading…
    </p>
  );
}
