/** A browser script the server inlines in its pages, minified at build (scripts/page-script.mjs). */
declare module '*?page-script' {
  const source: string;
  export default source;
}
