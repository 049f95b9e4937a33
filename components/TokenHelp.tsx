export const PLAYGROUND_URL = 'https://developer.intuit.com/app/developer/playground';

/** How to obtain an access token, in one line. */
export function TokenHelp() {
  return (
    <p class="hint">
      Get a token from{' '}
      <a href={PLAYGROUND_URL} target="_blank" rel="noopener noreferrer">
        Intuit's OAuth 2.0 Playground
      </a>{' '}
      (choose your company and the Accounting scope, then copy the access token).
    </p>
  );
}
