/**
 * `uta-desk --help` (an overview: the commands an operator uses most, with examples, then every
 * command of the table in one line) and what each exchange command's help ends with (command-help.ts):
 * the options, the credentials and the exit codes. The exit codes are failure.ts's table.
 */
import { LIVE_BASE_URL } from '../../shared/profiles';
import { COMMAND_TABLE } from './command-table';
import { EXIT_MEANINGS } from './failure';

export const OPTIONS_HELP = `Options (every command):
  --base-url URL     With the environment's credentials: the exchange base URL (default ${LIVE_BASE_URL});
                     https, or http to 127.0.0.1/localhost/[::1]. A stored profile has its own.
  --demo-trading     With the environment's credentials: demo trading on the live host (paptrading: 1)
  --locale L         Language of the exchange's messages (default en-US)
  --timeout-ms N     Timeout of each request in milliseconds (default 10000)
  --json             Print the data of the answer as JSON (open-orders: {"list": [all pages]}); summaries go to stderr
  -q, --quiet        No note on stderr naming the exchange or profile a signed request goes to, no progress
  --user-data DIR    The app's profiles and activity folder, for the commands that amend or take
                     --profile (default: the desktop app's own)
  --profile NAME     Sign with this stored profile (by name or id; "Local demo" starts its demo exchange
                     in process). While the app runs on the folder, only the app's active profile.
  --passphrase-fd N  Read a vault profile's passphrase from file descriptor N
  -h, --help         This help (uta-desk COMMAND --help: that command's)
  --version          The version, and the Node it runs on
`;

export const CREDENTIALS_HELP = `Credentials come from a stored profile or the environment, never from options:
  --profile NAME (a vault passphrase from the terminal, --passphrase-fd N or the file named by UTA_DESK_VAULT_PASSPHRASE_FILE), or BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE
`;

/** failure.ts's table, wrapped to 100 columns under its code. */
export function exitCodesHelp(width = 100): string {
  const lines = ['Exit codes:'];
  for (const [code, meaning] of EXIT_MEANINGS) {
    let line = `  ${code}  `;
    for (const word of meaning.split(' ')) {
      if (line.length + word.length > width && line.trim().length > 1) {
        lines.push(line.trimEnd());
        line = '     ';
      }
      line += `${word} `;
    }
    lines.push(line.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** One line per command: its summary, then each of its verbs'. */
function commandLines(): string {
  const names = [...new Set(COMMAND_TABLE.map((e) => e.name))];
  return names
    .map((name) => {
      const parts = COMMAND_TABLE.filter((e) => e.name === name).map((e) =>
        e.verb === undefined ? e.summary : `${name} ${e.verb}: ${e.summary}`,
      );
      return `  ${name.padEnd(15)}${parts.join('; ')}\n`;
    })
    .join('');
}

export const HELP = `uta-desk — read instruments, tickers and orders, and amend orders, on the exchange's v3 REST API

Usage: uta-desk <command> [options]     uta-desk <command> --help: that command's options and details

Most used (here on the Local demo profile; a stored profile or the environment's keys for an account):
  uta-desk serve --port 8765 --no-open
      The whole app in a browser: open the link it prints (from another machine, through an SSH tunnel).
  uta-desk open-orders --category USDT-FUTURES --profile "Local demo"
      The account's open orders, every page.
  uta-desk modify --client-oid demo-btc-open --price 60100.0 --profile "Local demo"
      Amend one order: checked, recorded in Activity, sent once, followed to its outcome.
  uta-desk modify-batch --symbol BTCUSDT --side buy --price-steps 2 --dry-run --profile "Local demo"
      Preview one run over many orders by a rule (without --dry-run it is sent).
  uta-desk activity --since 24h
      Every amend attempt of the last day, newest first.

Commands:
${commandLines()}
Amends go through the app when one runs on the user-data folder (its guards, its Activity), else
through a core in this process under the folder's lock; either way every attempt is in Activity.

${OPTIONS_HELP}
${CREDENTIALS_HELP}
${exitCodesHelp()}`;
