/**
 * Coin universe of the bundled demo data. Input of generate.ts only: the server reads the generated
 * JSON, never this file. Reference prices are USD levels of late 2026 rounded loosely; they only need
 * to make prices and quantities look plausible.
 */

/** Large caps with a fixed reference price (USD), most liquid first. */
export const MAJOR_COINS: ReadonlyArray<readonly [coin: string, usdPrice: string]> = [
  ['BTC', '96000'],
  ['ETH', '3200'],
  ['SOL', '145'],
  ['XRP', '2.2'],
  ['BNB', '610'],
  ['DOGE', '0.32'],
  ['ADA', '0.95'],
  ['TRX', '0.24'],
  ['AVAX', '36'],
  ['LINK', '22'],
  ['DOT', '6.8'],
  ['TON', '5.4'],
  ['SHIB', '0.000022'],
  ['LTC', '98'],
  ['BCH', '440'],
  ['UNI', '13'],
  ['NEAR', '5.1'],
  ['APT', '9.2'],
  ['ICP', '10.5'],
  ['ETC', '27'],
  ['FIL', '5.3'],
  ['ATOM', '6.9'],
  ['XLM', '0.41'],
  ['HBAR', '0.28'],
  ['ARB', '0.72'],
  ['OP', '1.85'],
  ['INJ', '24'],
  ['SUI', '3.9'],
  ['SEI', '0.45'],
  ['TIA', '5.6'],
  ['PEPE', '0.000018'],
  ['WIF', '2.1'],
  ['AAVE', '310'],
  ['MKR', '1650'],
  ['LDO', '1.6'],
  ['RENDER', '7.2'],
  ['FET', '1.35'],
  ['TAO', '480'],
  ['ENA', '0.92'],
  ['ONDO', '1.4'],
];

/** Other real tickers; their reference prices are drawn by the generator. */
// prettier-ignore
export const OTHER_COINS: readonly string[] = [
  'IMX', 'STX', 'GRT', 'ALGO', 'SAND', 'MANA', 'AXS', 'EGLD', 'XTZ', 'THETA', 'FTM', 'FLOW', 'CHZ', 'KAVA',
  'NEO', 'EOS', 'IOTA', 'ZEC', 'DASH', 'CRV', 'SNX', 'COMP', 'YFI', 'SUSHI', '1INCH', 'ENS', 'BAT', 'ZIL',
  'ONE', 'QTUM', 'KSM', 'WAVES', 'GALA', 'APE', 'GMT', 'BLUR', 'BONK', 'FLOKI', 'ORDI', 'SATS', 'JUP', 'PYTH',
  'JTO', 'WLD', 'AGIX', 'OCEAN', 'AR', 'ROSE', 'CFX', 'KAS', 'MINA', 'CELO', 'ANKR', 'SKL', 'STORJ', 'RVN',
  'ICX', 'ZRX', 'LRC', 'ENJ', 'AUDIO', 'MASK', 'SSV', 'RPL', 'PENDLE', 'GMX', 'DYDX', 'LQTY', 'CAKE', 'RUNE',
  'OSMO', 'JST', 'SUN', 'BTT', 'WIN', 'HOT', 'IOST', 'ONT', 'VET', 'XEC', 'CKB', 'TWT', 'SXP', 'BAND', 'API3',
  'UMA', 'BAL', 'KNC', 'CELR', 'COTI', 'CTSI', 'DENT', 'DGB', 'HNT', 'IOTX', 'JASMY', 'LPT', 'MAGIC', 'MTL',
  'NKN', 'OGN', 'POWR', 'PEOPLE', 'QNT', 'RSR', 'SFP', 'SLP', 'STG', 'SUPER', 'TRB', 'TRU', 'WOO', 'XVS',
  'YGG', 'ZEN', 'ACH', 'AGLD', 'ALICE', 'ARPA', 'ASTR', 'BICO', 'BNT', 'C98', 'CHR', 'CVX', 'DAR', 'DUSK',
  'EDU', 'FXS', 'GLMR', 'HFT', 'HIGH', 'HOOK', 'ID', 'ILV', 'JOE', 'LINA', 'LIT', 'LOOM', 'MAV', 'MDT', 'MOVR',
  'NMR', 'OXT', 'PHB', 'POLYX', 'PROM', 'RDNT', 'REEF', 'RIF', 'SCRT', 'SNT', 'SPELL', 'STMX', 'SYS', 'TLM',
  'USTC', 'VANRY', 'VOXEL', 'WAXP', 'XAI', 'XVG', 'ZETA', 'STRK', 'MANTA', 'ALT', 'DYM', 'PIXEL', 'PORTAL',
  'AEVO', 'ETHFI', 'W', 'TNSR', 'SAGA', 'REZ', 'BB', 'NOT', 'IO', 'ZK', 'LISTA', 'ZRO', 'BANANA', 'POL',
  'EIGEN', 'HMSTR', 'CATI', 'NEIRO', 'TURBO', 'MEW', 'POPCAT', 'BOME', 'MOODENG', 'GOAT', 'PNUT', 'ACT',
  'KAITO', 'MON', 'HYPE', 'VIRTUAL', 'MOVE', 'ME', 'USUAL', 'PENGU', 'BERA', 'IP', 'LAYER', 'S', 'TRUMP',
];

/** Tokenised stocks, metals and commodities (isRwa YES), listed as USDT perpetuals and a few spot pairs. */
export const RWA_ASSETS: ReadonlyArray<
  readonly [coin: string, usdPrice: string, symbolType: 'stock' | 'metal' | 'commodity']
> = [
  ['AAPL', '228.40', 'stock'],
  ['TSLA', '342.10', 'stock'],
  ['NVDA', '146.25', 'stock'],
  ['MSFT', '417.80', 'stock'],
  ['AMZN', '201.35', 'stock'],
  ['GOOGL', '176.90', 'stock'],
  ['META', '582.60', 'stock'],
  ['COIN', '265.75', 'stock'],
  ['MSTR', '391.20', 'stock'],
  ['XAU', '2650.40', 'metal'],
  ['XAG', '31.25', 'metal'],
  ['WTI', '71.80', 'commodity'],
];
