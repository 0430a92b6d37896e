/** Set by vite.config.ts at build time; busts the persisted query cache on every deploy. */
declare const __BUILD_ID__: string;
