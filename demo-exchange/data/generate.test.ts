/** The generator of the bundled instruments: deterministic, and the committed JSON is its output. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate } from './generate';

const committedJson = fileURLToPath(new URL('./instruments.json', import.meta.url));

describe('data/generate.ts', () => {
  it('reproduces the committed instruments.json byte for byte', () => {
    const { instruments: fresh } = generate();
    const committed = readFileSync(committedJson, 'utf8');
    expect(`[\n${fresh.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`).toBe(committed);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(generate())).toBe(JSON.stringify(generate()));
  });
});
