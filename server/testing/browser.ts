import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { PROJECT_ROOT } from '../core/config';

/** Where browser tests save their screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-results', 'screens');

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no GPU, and
 * no background networking: the machine's closed network refuses those connections). Never a
 * downloaded browser.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
