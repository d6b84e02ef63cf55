/** The profiles list's query key, in its own module so the screen's parts and the amend desk share it without an import cycle. */
export const PROFILES_KEY = ['profiles'] as const;
