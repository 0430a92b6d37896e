import { createHash } from "node:crypto";
import SOURCE from "./admin-early.page.ts?page-script";

/**
 * The shell's early script (./admin-early.page.ts) as the build puts it in index.html's head
 * (vite.config.ts, minified by scripts/page-script.mjs as the server's build minifies it), so
 * the server knows its bytes: their hash for the Content-Security-Policy, and the text to leave
 * out of the pages it renders (public pages, where it would do nothing).
 */
export const ADMIN_EARLY_SCRIPT = SOURCE;

/** The script's hash for the Content-Security-Policy's script-src (no 'unsafe-inline'). */
export const ADMIN_EARLY_CSP_SOURCE = `'sha256-${createHash("sha256").update(ADMIN_EARLY_SCRIPT).digest("base64")}'`;
