import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How README says to make a key no one guesses (docs/api.md "Admin key"). */
export const STRONG_KEY_HINT = 'Make a random one with: openssl rand -base64 24';

const CLASSES: [RegExp, string][] = [
  [/^[a-z]+$/, 'only lower-case letters'],
  [/^[A-Z]+$/, 'only upper-case letters'],
  [/^[0-9]+$/, 'only digits'],
  [/^[^A-Za-z0-9]+$/, 'only punctuation'],
];

/** The quick rule readConfig applies: a key of one kind of character. The reason, or null. */
export function oneClassProblem(key: string): string | null {
  const kind = CLASSES.find(([pattern]) => pattern.test(key));
  return kind ? `ADMIN_KEY uses ${kind[1]}. ${STRONG_KEY_HINT}` : null;
}

/**
 * zxcvbn's estimate under which a key is refused: 10^8 guesses. With the lock-out (at most 100
 * wrong keys per 15 minutes from everyone) that is decades of guessing; a dictionary word with
 * digits ('sunshine12345678') is estimated in the thousands.
 */
const MIN_GUESSES_LOG10 = 8;

/**
 * The slow rule, run once at start: zxcvbn (@zxcvbn-ts) with its common-password and English
 * dictionaries. Those take about 100 MB while loaded, so they are loaded in a worker thread
 * that ends with the answer, and the server never holds them. The reason, or null.
 */
export async function guessableProblem(key: string): Promise<string | null> {
  const require = createRequire(import.meta.url);
  const paths = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en'].map((p) => require.resolve(p));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const [core, common, en] = workerData.paths.map((p) => require(p));
     const zxcvbn = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations });
     const result = zxcvbn.check(workerData.key);
     parentPort.postMessage({ guessesLog10: result.guessesLog10, warning: result.feedback.warning });`,
    { eval: true, workerData: { key, paths } },
  );
  try {
    const result = await new Promise<{ guessesLog10: number; warning: string | null }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the key check stopped (${code})`)));
    });
    if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null;
    const why = result.warning ? ` (${result.warning.replace(/\.$/, '')})` : '';
    return `ADMIN_KEY is too easy to guess${why}. ${STRONG_KEY_HINT}`;
  } finally {
    await worker.terminate();
  }
}
