import { createHash } from 'node:crypto';
import SOURCE from './start-after-paint.page.ts?page-script';

/**
 * The script that starts the app after the first frame (./start-after-paint.page.ts), as the
 * server puts it in the pages it renders, minified (scripts/page-script.mjs).
 */
export const START_AFTER_PAINT_SCRIPT = SOURCE;

/** The script's hash for the Content-Security-Policy's script-src (no 'unsafe-inline'). */
export const START_AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`;
