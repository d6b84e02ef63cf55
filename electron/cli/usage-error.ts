/** Everything wrong with the arguments: exit code 2, raised before any request is made. */
export class UsageError extends Error {
  override name = 'UsageError';
}
