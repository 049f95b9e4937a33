/** Shown when the browser no longer lets Safe Delete reach QuickBooks (Firefox: withdrawn in about:addons). */
export function HostAccess({ onGrant }: { onGrant: () => void }) {
  return (
    <section class="warning" aria-labelledby="host-access-heading">
      <h2 id="host-access-heading">Access to QuickBooks is off</h2>
      <p>
        Safe Delete cannot read or delete anything until the browser lets it reach QuickBooks Online again. Nothing has
        been changed.
      </p>
      <button type="button" onClick={onGrant}>
        Allow access to QuickBooks
      </button>
    </section>
  );
}
