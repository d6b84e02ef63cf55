/** The browser host's wire names, shared by the host (electron/web-host) and its page scripts. */

/** Carried by every call from the page; a page of another origin cannot add it without a CORS preflight. */
export const DESK_HEADER = 'x-uta-desk';
/** Where the page trades a launch code for the session cookie. */
export const SESSION_PATH = '/session';
/** Contract calls: POST /desk/<channel>. */
export const DESK_PATH_PREFIX = '/desk/';
