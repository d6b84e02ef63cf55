import { describe, expect, it } from 'vitest';
import { PASSWORD_IN_ADDRESS, storeAddressProblem, storeAddressWords } from './team-store-address';

describe('a team store address', () => {
  it.each([
    'postgres://db.example/desk',
    'postgresql://db.example/desk',
    'postgres://trader@db.example:5432/desk',
    'postgres://[::1]:6543/desk',
    'postgres://db.example/desk?sslmode=verify-full',
    'postgres://db.example/desk?sslmode=disable&connect_timeout=5&application_name=uta-desk%201',
    'POSTGRES://db.example/desk',
  ])('takes %s', (address) => {
    expect(storeAddressProblem(address)).toBeUndefined();
  });

  it.each([
    ['https://db.example/desk', 'Only postgres:// or postgresql:// addresses'],
    ['db.example/desk', 'Only postgres:// or postgresql:// addresses'],
    ['mysql://db.example/desk', 'Only postgres:// or postgresql:// addresses'],
    [`postgres://h/${'d'.repeat(2048)}`, 'At most 2048 characters'],
    ['postgres://db example/desk', 'An address has no spaces or line breaks (write a space as %20)'],
    ['postgres://db.example/desk\n', 'An address has no spaces or line breaks'],
    ['postgres:///desk', 'The address needs a host'],
    ['postgres://db.example', 'The address needs a database name after the host'],
    ['postgres://db.example/', 'The address needs a database name after the host'],
    ['postgres://db.example/desk/more', 'The database name is one word after the host'],
    ['postgres://a.example,b.example/desk', 'One host only'],
    ['postgres://db.example:99999/desk', 'check the host and the port (1–65535)'],
    ['postgres://db.example:0/desk', 'The port is 1 to 65535'],
    ['postgres://db.example/desk#top', 'An address has no #part'],
    [
      'postgres://db.example/desk?sslmode=on',
      'sslmode is one of disable, allow, prefer, require, verify-ca, verify-full',
    ],
    ['postgres://db.example/desk?connect_timeout=0', 'connect_timeout is whole seconds, 1 to 3600'],
    ['postgres://db.example/desk?connect_timeout=2.5', 'connect_timeout is whole seconds, 1 to 3600'],
    ['postgres://db.example/desk?application_name=', 'application_name is 1 to 63 plain characters (ASCII)'],
    ['postgres://db.example/desk?sslmode=require&sslmode=disable', 'The address sets sslmode twice'],
    [
      'postgres://db.example/desk?host=elsewhere.example',
      'The address may not set "host": only sslmode, connect_timeout and application_name are taken',
    ],
    [
      'postgres://db.example/desk?sslrootcert=/etc/ca.pem',
      'The address may not set "sslrootcert": only sslmode, connect_timeout and application_name are taken',
    ],
  ])('refuses %s in words', (address, words) => {
    expect(storeAddressProblem(address)).toContain(words);
  });

  it.each([
    'postgres://trader:hunter2@db.example/desk',
    'postgres://trader:@db.example/desk',
    'postgres://:hunter2@db.example/desk',
    'postgresql://trader:p%40ss@db.example:5432/desk?sslmode=require',
    'postgres://db.example/desk?password=hunter2',
  ])('refuses a password inside the address: %s', (address) => {
    expect(storeAddressProblem(address)).toBe(PASSWORD_IN_ADDRESS);
  });

  it('never quotes what it refuses: a value, or a key that does not look like a parameter', () => {
    for (const address of [
      'postgres://db.example/desk?sslmode=hunter2',
      'postgres://db.example/desk?hunter2%21=1',
      'postgres://trader:hunter2@db.example/desk',
    ])
      expect(storeAddressProblem(address)).not.toContain('hunter2');
    expect(storeAddressProblem('postgres://db.example/desk?hunter2%21=1')).toContain('may not set a parameter');
  });

  it('is shown as host, port and database: no user, no password, no parameters', () => {
    expect(storeAddressWords('postgres://trader@db.example:5432/desk?sslmode=verify-full')).toBe(
      'db.example:5432/desk',
    );
    expect(storeAddressWords('postgresql://db.example/desk')).toBe('db.example/desk');
    expect(storeAddressWords('not an address with hunter2')).toBe('an address UTA Desk cannot read');
  });
});
