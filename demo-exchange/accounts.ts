/**
 * Credentials of the bundled demo accounts. They are printed in the README and protect nothing:
 * the demo exchange only ever listens on the operator's own machine.
 */
export interface DemoAccount {
  uid: string;
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

export const DEMO_ACCOUNT: Readonly<DemoAccount> = Object.freeze({
  uid: '1000000001',
  apiKey: 'bg_demo_local_key_0001',
  secretKey: 'demo-local-secret-not-for-production',
  passphrase: 'demodesk',
});

/** A second account, so isolation between accounts (25204 for someone else's order) can be shown. */
export const OTHER_ACCOUNT: Readonly<DemoAccount> = Object.freeze({
  uid: '1000000002',
  apiKey: 'bg_demo_local_key_0002',
  secretKey: 'other-local-secret-not-for-production',
  passphrase: 'otherdesk',
});
