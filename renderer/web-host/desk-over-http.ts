/**
 * The browser host's preload: builds window.desk from the one contract, with each call sent as
 * `POST /desk/<channel>` to the host that served this page. The session cookie rides along (HttpOnly,
 * so no script here can read it); the custom header is what a page from another origin cannot send.
 * Loaded as a module script before the app's own, so window.desk exists when the app starts.
 */
import '../../shared/zod-jitless';
import { DESK_HEADER, DESK_PATH_PREFIX } from '../../shared/browser-host';
import { buildDeskApi } from '../../shared/contract';

const HOST_GONE =
  'UTA Desk is not answering: its host was stopped or restarted. Start it again (npm start, or uta-desk serve) and open the link it prints.';

async function invokeOverHttp(channel: string, payload: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${DESK_PATH_PREFIX}${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DESK_HEADER]: '1' },
      body: JSON.stringify(payload ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new Error(HOST_GONE);
  }
  // Refusals (no session, body too large) come in the contract's own shape, with a sentence.
  return response.json();
}

Object.defineProperty(window, 'desk', { value: Object.freeze(buildDeskApi(invokeOverHttp)), enumerable: true });
// Only chooses the words the page uses when this host stops ("open a new link" rather than "restart the app").
Object.defineProperty(window, 'deskHost', { value: 'browser' });

// The page was served because the session is valid: a launch code in the address bar is not needed.
const hasLaunchCode = () => new URLSearchParams(location.hash.slice(1)).has('launch');
if (hasLaunchCode()) history.replaceState(null, '', location.pathname);
// A new link pasted into this tab (say the host restarted on the same port) only changes the
// fragment; loading the page again lets the host trade the code if this session has ended.
window.addEventListener('hashchange', () => {
  if (hasLaunchCode()) location.reload();
});
