import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

type ProfileMethods =
  | 'getAppStatus'
  | 'listProfiles'
  | 'createProfile'
  | 'updateProfile'
  | 'deleteProfile'
  | 'selectProfile'
  | 'testConnection'
  | 'setupVault'
  | 'unlockVault'
  | 'lockVault'
  | 'changeVaultPassphrase'
  | 'confirmProfileDestination'
  | 'resetLocalDemo';

export function profileHandlers(ctx: CoreContext): Pick<CoreHandlers, ProfileMethods> {
  const { profiles } = ctx;
  return {
    getAppStatus: async () => ({
      version: ctx.deps.version,
      activeProfile: (await profiles.active()).profile,
      clockSkewMs: profiles.clockSkewMs(),
      storage: profiles.storageStatus(),
    }),
    listProfiles: async () => ({ profiles: await profiles.list(), storage: profiles.storageStatus() }),
    createProfile: (input) => profiles.create(input),
    updateProfile: (input) => profiles.update(input),
    deleteProfile: async ({ id }) => {
      await profiles.remove(id);
      // Its instrument history, badges and watched symbols go with it; the profile is gone either way.
      await ctx.changes.removeProfile(id).catch(() => undefined);
      return { deleted: id };
    },
    selectProfile: ({ id }) => profiles.select(id),
    testConnection: ({ id }) => profiles.testConnection(id),
    setupVault: ({ passphrase }) => profiles.setupVault(passphrase),
    unlockVault: ({ passphrase }) => profiles.unlockVault(passphrase),
    lockVault: async () => profiles.lockVault(),
    changeVaultPassphrase: ({ current, next }) => profiles.changeVaultPassphrase(current, next),
    confirmProfileDestination: ({ id }) => profiles.confirmDestination(id),
    resetLocalDemo: async () => {
      await ctx.localDemo.reset();
      return { resetAt: ctx.now() };
    },
  };
}
