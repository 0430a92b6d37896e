/**
 * The word list the owner edits (setting `chatWordList`, docs/product.md "Live chat"): one word
 * or phrase a line (commas also separate). Chat holds a message with a listed word for a
 * moderator; a song dedication with one is refused with the reason (docs/api.md "Song requests
 * and dedications"). Matching is by whole word, case-insensitive, so 'ass' never refuses 'class'.
 */
export function listedWords(wordList: string): string[] {
  return wordList
    .split(/[\n,]/)
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length > 0);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first listed word or phrase the text contains as a whole word; null when none. */
export function findListedWord(text: string, wordList: string): string | null {
  const lower = text.toLowerCase();
  for (const word of listedWords(wordList)) {
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}($|[^\\p{L}\\p{N}])`, 'u').test(lower)) return word;
  }
  return null;
}
