import { type Browser, type Page } from 'playwright-core';
/** Debian's chromium, headless, with the flags that work here as root (toolchain.md). */
export declare function launchBrowser(): Promise<Browser>;
export declare const RESULTS_DIR: string;
/** Saves a full-page screenshot as test-results/<name>.png and returns its path. */
export declare function saveScreenshot(page: Page, name: string): Promise<string>;
