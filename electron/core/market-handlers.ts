import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

export function marketHandlers(ctx: CoreContext): Pick<CoreHandlers, 'listInstruments'> {
  return {
    listInstruments: async ({ category, symbol }) => {
      const { client } = await ctx.profiles.active();
      const instruments = await client.getInstruments(category, symbol);
      return { instruments, fetchedAt: ctx.now() };
    },
  };
}
