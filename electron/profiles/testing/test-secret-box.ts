/**
 * Test support: a SecretBox with real AES-256-GCM under a random key, whose backend name and
 * availability each test chooses (a strong keyring, Linux's basic_text fallback, or none).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../secret-box';

export interface TestSecretBoxOptions {
  backend?: string;
  available?: boolean;
  /** Reuse a key to read what another box wrote; a different key cannot decrypt it. */
  key?: Buffer;
}

export function testSecretBox(options: TestSecretBoxOptions = {}): SecretBox & { key: Buffer } {
  const key = options.key ?? randomBytes(32);
  const available = options.available ?? true;
  return {
    key,
    isEncryptionAvailable: () => available,
    backend: () => options.backend ?? 'test',
    encryptString(plain) {
      if (!available) throw new Error('Encryption is not available');
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      if (!available) throw new Error('Encryption is not available');
      const d = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      d.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([d.update(encrypted.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
