/** What a profile says of its team store, as main uses it (the password unsealed, in main only). */
export interface TeamStoreSettings {
  /** postgres://[user@]host[:port]/database[?sslmode=…]; never holds the password. */
  url: string;
  password?: string;
  /** The name the operator goes by on the team: shown with every attempt and guard of theirs. */
  displayName: string;
}
