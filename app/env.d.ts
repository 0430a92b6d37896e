/** Set by vite.config.ts at build time; busts the persisted query cache on every deploy. */
declare const __BUILD_ID__: string;

// hls.js's "./light" export (the build without subtitles, alternate audio and DRM, which the
// live video does not use) ships no types of its own; it has the full build's API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

