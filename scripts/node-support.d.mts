export function nodeSupport(version: string): { canBuild: boolean; line: string | undefined };
