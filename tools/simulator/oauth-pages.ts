/**
 * The authorize page's steps, server-rendered (no script, no external assets): sign-in, company
 * picker, consent, and the error page. Each step is a form that POSTs back to /connect/oauth2 with
 * the hidden `session` and `step` fields. Accessible names, for tests that drive it:
 *   sign-in: textboxes "Email", "Password"; button "Sign in"
 *   picker:  group "Choose a company"; one radio per company, named by its CompanyName; button "Next"
 *   consent: buttons "Connect" and "Cancel"
 * Problems with the input show in a role=alert paragraph.
 */
import type { AuthSession } from './oauth-store';
import { esc } from './pages/html';

export const AUTHORIZE_PATH = '/connect/oauth2';

/** Headers of every authorize-flow page. No form-action directive: the final redirect leaves this origin. */
export const PAGE_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f8;margin:0;color:#393a3d}
header{background:#fff;padding:1rem 2rem;border-bottom:1px solid #dcdcdc;font-weight:700;color:#236cff}
main{max-width:26rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:.5rem}
label{display:block;margin:.75rem 0 .25rem}input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
fieldset{border:0;padding:0;margin:1rem 0}fieldset label{display:flex;gap:.5rem;align-items:center;padding:.4rem 0}
button{margin-top:1rem;margin-right:.5rem;padding:.6rem 1.4rem;border-radius:.3rem;border:1px solid #2ca01c;background:#2ca01c;color:#fff;font-size:1rem}
button[value=cancel]{background:#fff;color:#393a3d;border-color:#8d9096}[role=alert]{color:#d52b1e}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><header><span aria-hidden="true">intuit</span> <span>Accounts</span></header>
<main>${body}</main></body></html>`;
}

const alert = (message: string | undefined): string => (message ? `<p role="alert">${esc(message)}</p>` : '');

const hidden = (session: AuthSession): string =>
  `<input type="hidden" name="session" value="${esc(session.id)}"><input type="hidden" name="step" value="${esc(session.step)}">`;

export function signInPage(session: AuthSession, error?: string): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1><p>One account for everything Intuit, including QuickBooks.</p>${alert(error)}
<form method="post" action="${AUTHORIZE_PATH}">${hidden(session)}
<label for="email">Email</label><input id="email" name="email" type="text" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

export function companyPage(
  session: AuthSession,
  companies: { realmId: string; companyName: string }[],
  error?: string,
): string {
  const radios = companies
    .map(
      (co) =>
        `<label><input type="radio" name="realmId" value="${esc(co.realmId)}" required>${esc(co.companyName)}</label>`,
    )
    .join('\n');
  const list = companies.length > 0 ? radios : '<p>No QuickBooks companies are linked to this account.</p>';
  return layout(
    'Select a company',
    `<h1>Select a company</h1><p>Signed in as ${esc(session.email)}.</p>${alert(error)}
<form method="post" action="${AUTHORIZE_PATH}">${hidden(session)}
<fieldset><legend>Choose a company</legend>
${list}
</fieldset>
<button type="submit">Next</button></form>`,
  );
}

export function consentPage(session: AuthSession, appName: string, companyName: string): string {
  return layout(
    'Authorize',
    `<h1>${esc(appName)} wants access to ${esc(companyName)}</h1>
<p>It will be able to read and change this company's QuickBooks data. You can disconnect it at any time.</p>
<form method="post" action="${AUTHORIZE_PATH}">${hidden(session)}
<button type="submit" name="action" value="connect">Connect</button>
<button type="submit" name="action" value="cancel">Cancel</button></form>`,
  );
}

export function errorPage(message: string): string {
  return layout('Something went wrong', `<h1>Something went wrong</h1><p role="alert">${esc(message)}</p>`);
}
