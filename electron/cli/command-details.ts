/**
 * What each exchange command does, in full: its usage line(s), then what it does, each usage at two
 * spaces. Its entry in command-table.ts takes its text from here, and its --help is made of it
 * (command-help.ts).
 */
export const DETAILS = {
  instruments: `  instruments --category C [--symbol S]
      List the instruments of a product type (SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES).
`,
  instrumentsDiff: `  instruments diff [--since DURATION] [--category C] [--state-dir DIR]
      What changed: fetches the instruments (every category, or C), compares them with the snapshot the
      last run kept, and prints the change log: listings, delistings, status changes, restrictions
      scheduled or cleared, and any other field (old → new), newest first; --since 30m, 24h or 7d shows
      only that far back. The history is kept per exchange (--base-url, --demo-trading) in DIR (default
      UTA_DESK_STATE_DIR, else the OS cache folder: ~/.cache/uta-desk, ~/Library/Caches/uta-desk or
      %LOCALAPPDATA%\\uta-desk\\Cache); a first run stores the baseline. It is the CLI's own history, not
      the app's. Exit 0 whether or not anything changed; a category that cannot be fetched keeps its
      snapshot, the others are still compared, and the exit code is that failure's. --json:
      {"exchange", "checked": [{category, outcome, count, previousCount}], "events": [...]}.
`,
  tickers: `  tickers --category C [--symbol S]
      Last price, best bid/ask, 24-hour change, high, low, volume and turnover (futures: mark, index and
      funding rate too), as the exchange sends them. No MARGIN: margin pairs trade on the SPOT book.
`,
  order: `  order (--order-id ID | --client-oid ID) [--profile NAME]
      Show one order.
`,
  openOrders: `  open-orders [--category C] [--symbol S] [--limit N] [--profile NAME]
      List open orders, following the cursor through all pages (--limit: page size, 1-100).
`,
  modify: `  modify (--order-id ID | --client-oid ID) [--qty Q] [--price P] [--auto-cancel yes|no] [--symbol S] [--category C] [--dry-run] [--no-follow]
      Amend an open order through UTA Desk's core, as the app's amend desk does: the order and its
      instrument are read and the amend rules checked first (if one is broken, nothing is sent); the
      core then guards the order, checks it against its own fresh read, records the attempt in
      Activity before sending, sends it once and follows it to its outcome (order stream, else
      polling). Prints the outcome: applied; not applied, with the exchange's words; or unknown —
      check the order. --json: the attempt. --dry-run: look up and check, print the request body,
      send and record nothing. --no-follow: stop once the exchange has accepted it (exit 0).
`,
  modifyBatch: `  modify-batch --file PATH [--dry-run] [--no-follow] [--auto-cancel yes|no]
      Amend many orders as one run of the core (the app's Amend many run): every item is checked
      against the core's fresh read, each batch of at most 20 of one product type recorded in
      Activity before it goes, sent once, and each item followed to its outcome. PATH is a CSV file
      whose header row names the columns (orderId, clientOid, price, qty, autoCancel, symbol,
      category; any subset, any case; an empty cell is "not given") or a JSON file: an array of
      objects with those keys (values as strings), or {"items": [...]}. At most 500 items (one run)
      and 1 MiB; each order once. --auto-cancel is the default for items that do not say. Progress
      goes to stderr (not with --quiet); then one row per item: applied; not applied, rejected or
      refused, with the words of the exchange or the rule; unknown (check the order, do not resend);
      not sent. --json: an array of {index, where, orderId, clientOid, category, symbol, price, qty,
      result, status, detail, attemptId}. --dry-run: every order is read and checked (the amend
      rules), the checks and the request bodies printed; nothing is sent or recorded; with --json:
      {"items": [...], "requests": [...]}. --no-follow: stop once every item has the exchange's
      answer (accepted counts as success).
  modify-batch RULE SELECTION [--dry-run] [--no-follow] [--auto-cancel yes|no]
      Amend the open orders SELECTION picks by one RULE, planned exactly as the app's Amend many
      screen plans it (the same planner, fed by the same reads: open orders, instruments, tickers),
      then sent as one run as for a file. RULE: a price rule, a quantity rule, or one of each:
        --price-steps N   shift the price by N price steps (a whole number; --price-steps -2 goes down)
        --price-pct X     shift the price by X % (may be negative), rounded onto the price step toward
                          the order's side: down for a buy, up for a sell
        --price P         set the price (needs --symbol)
        --qty-pct X       scale the quantity to X % of the current (50 halves it), rounded down
        --qty Q           set the quantity (needs --symbol)
      SELECTION: --category C and/or --symbol S, narrowed by --side buy|sell; or --all for every open
      order of the account (--side alone is not enough). At most 500 open orders (more is refused,
      nothing sent). An order the rule cannot apply to (a quantity not above its filled quantity, a
      value unchanged, …) is excluded with the reason; one that breaks an amend rule is refused;
      neither is sent, both are in the run's summary. --dry-run prints the preview: side, price and
      quantity current → new, filled quantity, the rounding applied, the verdict (ready, refused,
      excluded) with its reasons and warnings, and the request bodies; with --json: {"rule",
      "selection", "summary", "rows" (the planner's rows), "requests"}. No open order matching:
      nothing is sent, exit 0.
`,
  revert: `  revert (--run ID | --attempt ID) [--dry-run] [--no-follow]
      Undo a finished run (every applied item) or one applied amend, as the app's Revert… in Activity
      does: the core reads each order fresh and plans setting its price and/or quantity back to the
      values recorded before the amend (exactly those decimals, written as the instrument's step
      allows). An order filled or cancelled since, modified since (by the desk or anyone: its price or
      quantity is no longer what the amend set), filled at or above the earlier quantity, or whose
      instrument no longer lists it is excluded, and a value today's rules refuse is refused, each with
      the reason; neither is sent, both are in the revert run's summary. The ready ones go as one run
      of the core linked to the one it reverts (checked against main's read again just before it is
      sent, recorded, followed) and each item's outcome is printed as for modify-batch. Signs with the
      profile that made the amends (it must be the active one). While a revert of the same run or
      amend is under way, another is refused. Nothing ready (a second revert finds every order already
      back): nothing is sent, exit 1. --dry-run prints the preview (current → earlier values, the
      verdict and its reasons, the request bodies) and sends and records nothing; exit 0 only when
      every applied order would go back; with --json: {"source", "revertedBy", "summary", "rows",
      "requests"}. IDs: uta-desk activity (--run, the attempt ids with --json).
`,
} as const;
