/**
 * Imported first by every entry that runs in a page (the renderer, the preload, the browser host's
 * page script). zod probes whether `new Function` works before compiling fast parsers; under the
 * app's CSP (no 'unsafe-eval') that probe is a CSP violation on every load. Main, in plain Node,
 * keeps the faster compiled parsers.
 */
import { z } from 'zod';

z.config({ jitless: true });
