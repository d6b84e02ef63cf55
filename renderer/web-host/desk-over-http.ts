/**
 * The browser host's preload: builds window.desk from the one contract, with each call sent as
 * `POST /desk/<channel>` to the host that served this page. The session cookie rides along (HttpOnly,
 * so no script here can read it); the custom header is what a page from another origin cannot send.
 * Loaded as a module script before the app's own, so window.desk exists when the app starts.
 */
import { buildDeskApi } from '../../shared/contract';

const HOST_GONE =
  'UTA Desk is not answering: its host was stopped or restarted. Start it again (npm start, or uta-desk serve) and open the link it prints.';

async function invokeOverHttp(channel: string, payload: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/desk/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-uta-desk': '1' },
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
