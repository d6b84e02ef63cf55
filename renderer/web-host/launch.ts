/**
 * The page the browser host shows before a session exists: it trades the link's one-time launch
 * code (in the URL fragment, so it never reaches a server log or a Referer) for the session cookie,
 * then reloads into the app. Without a code, or with a used one, it says what to open instead.
 */
import { DESK_HEADER, SESSION_PATH } from '../../shared/browser-host';
import './launch.css';

const status = document.getElementById('launch-status');
const help = document.getElementById('launch-help');

function show(text: string): void {
  if (status) status.textContent = text;
  if (help) help.hidden = false;
  document.title = 'UTA Desk: open the link it printed';
}

async function launch(): Promise<void> {
  const code = new URLSearchParams(location.hash.slice(1)).get('launch');
  // The code is single-use: out of the address bar and history before anything else.
  if (location.hash) history.replaceState(null, '', location.pathname);
  if (!code) {
    show('Open the link UTA Desk printed when it started: this page has no session yet.');
    return;
  }
  let response: Response;
  try {
    response = await fetch(SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DESK_HEADER]: '1' },
      body: JSON.stringify({ code }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    show('UTA Desk is not answering: start it again and open the link it prints.');
    return;
  }
  if (response.ok) {
    location.reload();
    return;
  }
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  show(answer?.error?.message ?? 'This link was refused. Open the newest link UTA Desk printed.');
}

void launch();
// A new link pasted into this same tab only changes the fragment: the page is not loaded again.
window.addEventListener('hashchange', () => void launch());
