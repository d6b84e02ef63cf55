/**
 * The harness's stand-in for Electron's safeStorage: real AES-256-GCM with a per-run random key,
 * reported as a strong backend, so profiles with secrets work in the browser harness.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../electron/profiles/secret-box';

export function testSecretBox(backend = 'test'): SecretBox {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    backend: () => backend,
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const d = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      d.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([d.update(encrypted.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
