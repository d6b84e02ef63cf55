import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

export function marketHandlers(ctx: CoreContext): Pick<CoreHandlers, 'listInstruments' | 'getTickers'> {
  return {
    listInstruments: async ({ category, symbol }) => {
      const { profile, client } = await ctx.profiles.active();
      const instruments = await client.getInstruments(category, symbol);
      const fetchedAt = ctx.now();
      // Only a whole category is history: the symbols a filtered answer lacks would read as delisted.
      if (symbol === undefined) await ctx.changes.recordFetch(profile.id, category, instruments, fetchedAt);
      return { instruments, fetchedAt };
    },
    getTickers: async ({ category, symbol }) => {
      const { client } = await ctx.profiles.active();
      const tickers = await client.getTickers(category, symbol);
      return { tickers, fetchedAt: ctx.now() };
    },
  };
}
