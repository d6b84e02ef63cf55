import { describe, expect, it } from 'vitest';
import { nodeSupport } from './node-support.mjs';

describe("npm start's line about this Node", () => {
  it('says nothing on Node 22.12 and later', () => {
    expect(nodeSupport('24.22.3')).toEqual({ canBuild: true, line: undefined });
    expect(nodeSupport('22.12.0')).toEqual({ canBuild: true, line: undefined });
  });

  it("on Debian stable's Node 20.19: runs in the browser and the CLI, not the desktop window, and says what to install", () => {
    const { canBuild, line } = nodeSupport('20.19.2');
    expect(canBuild).toBe(true);
    expect(line).toMatch(/^Node 20\.19\.2 runs UTA Desk in the browser and the uta-desk command; the desktop window/);
    expect(line).toMatch(/install Node 24 LTS/);
    expect(line!.split('\n')).toHaveLength(1);
  });

  it('stops before building on a Node too old for the build', () => {
    expect(nodeSupport('18.20.0')).toMatchObject({ canBuild: false, line: expect.stringMatching(/cannot build/) });
    expect(nodeSupport('20.18.9').canBuild).toBe(false);
  });
});
