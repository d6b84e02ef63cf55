/**
 * What the vault needs from Electron's safeStorage, as an interface so plain-Node tests and the
 * browser harness bring their own implementation.
 */
export interface SecretBox {
  isEncryptionAvailable(): boolean;
  /** safeStorage.getSelectedStorageBackend() on Linux; "keychain"/"dpapi" elsewhere; "test" in tests. */
  backend(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}
