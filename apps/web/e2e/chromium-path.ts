import fs from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH`, else Debian's headless shell when it is
 * installed, else Debian's `chromium`. The headless shell is the same engine without the browser's
 * own windows and pages (which new-style headless Chromium still runs, a renderer of its own each
 * launch): on the same browser files it took about a quarter less processor time. `full` asks for
 * the whole browser, for what only it does (the install check of an installable app).
 */
export function testChromium(options: { full?: boolean } = {}): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return !options.full && fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}
