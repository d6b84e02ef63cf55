/** `uta-desk --help`: the one text every command's own help is cut from (command-help.ts). */
import { LIVE_BASE_URL } from '../../shared/profiles';

export const HELP = `uta-desk — read instruments, tickers and orders, and amend orders, on the exchange's v3 REST API

Usage: uta-desk <command> [options]

Commands:
  instruments --category C [--symbol S]
      List the instruments of a product type (SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES).
  instruments diff [--since DURATION] [--category C] [--state-dir DIR]
      What changed: fetches the instruments (every category, or C), compares them with the snapshot the
      last run kept, and prints the change log: listings, delistings, status changes, restrictions
      scheduled or cleared, and any other field (old → new), newest first; --since 30m, 24h or 7d shows
      only that far back. The history is kept per exchange (--base-url, --demo-trading) in DIR (default
      UTA_DESK_STATE_DIR, else the OS cache folder: ~/.cache/uta-desk, ~/Library/Caches/uta-desk or
      %LOCALAPPDATA%\\uta-desk\\Cache); a first run stores the baseline. It is the CLI's own history, not
      the app's. Exit 0 whether or not anything changed; a category that cannot be fetched keeps its
      snapshot, the others are still compared, and the exit code is that failure's. --json:
      {"exchange", "checked": [{category, outcome, count, previousCount}], "events": [...]}.
  tickers --category C [--symbol S]
      Last price, best bid/ask, 24-hour change, high, low, volume and turnover (futures: mark, index and
      funding rate too), as the exchange sends them. No MARGIN: margin pairs trade on the SPOT book.
  order (--order-id ID | --client-oid ID)
      Show one order.
  open-orders [--category C] [--symbol S] [--limit N]
      List open orders, following the cursor through all pages (--limit: page size, 1-100).
  modify (--order-id ID | --client-oid ID) [--qty Q] [--price P] [--auto-cancel yes|no] [--symbol S] [--category C] [--dry-run]
      Amend an open order. The desk's amend rules are checked first (the order and its instrument are
      looked up); if one is broken, nothing is sent. --dry-run: look up and check, print the request
      body, send nothing.
  modify-batch --file PATH [--dry-run] [--auto-cancel yes|no]
      Amend many orders through Batch Modify Orders. PATH is a CSV file whose header row names the
      columns (orderId, clientOid, price, qty, autoCancel, symbol, category; any subset, any case; an
      empty cell is "not given") or a JSON file: an array of objects with those keys (values as strings),
      or {"items": [...]}. At most 1000 items and 1 MiB; each order once. Every order and instrument is
      looked up and the amend rules are checked per item; an item that breaks one is refused locally
      and not sent, the others go in requests of at most 20 items of one product type, in file order,
      one after another (paced under the exchange's limit) and each sent once. After a request whose
      outcome is unknown the next ones are still sent (they hold other orders); after a request refused
      as a whole, nothing more is sent. --auto-cancel is the default for items that do not say.
      --dry-run: look up and check, print the checks and the request bodies, send nothing.
      Prints one row per item: accepted (the matching engine applies it afterwards: see it with the
      order command), rejected CODE, refused locally, unknown (check the order, do not resend) or
      not sent. With --json: an array of objects (result: accepted, rejected, refused-locally, unknown,
      not-sent); a dry run prints {"items": [...], "requests": [...]}.
  modify-batch RULE SELECTION [--dry-run] [--auto-cancel yes|no]
      Amend the open orders SELECTION picks by one RULE, planned exactly as the app's Amend many
      screen plans it. RULE: a price rule, a quantity rule, or one of each:
        --price-steps N   shift the price by N price steps (a whole number; --price-steps -2 goes down)
        --price-pct X     shift the price by X % (may be negative), rounded onto the price step toward
                          the order's side: down for a buy, up for a sell
        --price P         set the price (needs --symbol)
        --qty-pct X       scale the quantity to X % of the current (50 halves it), rounded down
        --qty Q           set the quantity (needs --symbol)
      SELECTION: --category C and/or --symbol S, narrowed by --side buy|sell; or --all for every open
      order of the account (--side alone is not enough). The open orders are listed through every
      page (at most 1000; more is refused, nothing sent), their instruments read once per product
      type, the market once per product type for a price rule (the price-band warning). An order the
      rule cannot apply to (a quantity not above its filled quantity, a value unchanged, …) is
      excluded with the reason; one that breaks an amend rule is refused; neither is sent. The rest go
      as for a file, and the same result table is printed (excluded rows included). --file and a rule
      are exclusive. --dry-run prints the preview: side, price and quantity current → new, filled
      quantity, the rounding applied, the verdict (ready, refused, excluded) with its reasons and
      warnings, and the request bodies; with --json: {"rule", "selection", "summary", "rows" (the
      planner's rows), "requests"}. No open order matching: nothing is sent, exit 0.
  activity [--search T] [--since D] [--profile P] [--outcome S] [--run ID] [--order ID] [--json | --csv]
      The app's activity log (every amend attempt), newest first; --csv streams every match. Only reads:
      safe while the app runs (uta-desk activity --help).
  serve [--port N] [--no-open] [--user-data DIR]
      Run the whole app in a browser, on 127.0.0.1, until Ctrl+C (uta-desk serve --help). From another
      computer: start it with --port 8765 and tunnel: ssh -N -L 8765:127.0.0.1:8765 you@server.

Options:
  --base-url URL     Exchange base URL (default ${LIVE_BASE_URL}); https, or http to 127.0.0.1/localhost/[::1]
  --demo-trading     Demo trading on the live host (adds the paptrading: 1 header)
  --locale L         Language of the exchange's messages (default en-US)
  --timeout-ms N     Timeout of each request in milliseconds (default 10000)
  --json             Print the data of the answer as JSON (open-orders: {"list": [all pages]}); summaries go to stderr
  -q, --quiet        No note on stderr naming the exchange a signed request goes to
  -h, --help         This help (uta-desk COMMAND --help: that command's)

Credentials come from the environment only, never from options:
  BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE

Exit codes:
  0  success (modify-batch: every item accepted; with --dry-run: every item passes the checks)
  1  the exchange rejected the request (code, message and explanation on stderr); modify-batch: an item
     was rejected, refused locally, excluded or not sent (with --dry-run: would be)
  2  bad usage, missing credentials, or an amend rule broken (nothing was sent); modify-batch: a
     malformed file, the same order twice, a rule that cannot apply or too wide a selection (nothing
     was sent)
  3  network failure, timeout or server error; for modify the outcome is unknown: check the order;
     modify-batch: an item's outcome is unknown (this wins over 1)
`;
