import { ConfigError, readConfig, type Config } from './config';
import { startLiveRelays } from './features/live/live.service';
import { guessableProblem } from './http/admin-key-strength';
import { describeFfmpeg } from './media/ffmpeg';
import { startServer } from './server';

const config = readOrExit();
// Which ffmpeg the relay, the recorder and the renditions run, once (docs/recorder.md "ffmpeg").
console.log(describeFfmpeg());
// A key from a dictionary with digits falls to guessing (docs/api.md "Admin key"). The check
// (about a second) runs while the database migrates; nothing listens before it has passed.
const checking = config.adminKeyGenerated
  ? Promise.resolve(null)
  : guessableProblem(config.adminKey).catch((err: unknown) => {
      console.error(`Could not check how guessable ADMIN_KEY is: ${(err as Error)?.message ?? err}`);
      return null;
    });
const running = await startServer(config, console.log, {
  async beforeListen() {
    const problem = await checking;
    if (problem) {
      console.error(`Refusing to start: ${problem}`);
      process.exit(1);
    }
  },
});
if (config.adminKeyGenerated) {
  // Printed once so the operator can sign in; set ADMIN_KEY to keep one across restarts.
  console.log(`Admin key for this run: ${config.adminKey}`);
}
// The live relay runs in one process per tenant; every process offers to (docs/live-relay.md).
const relays = startLiveRelays({ db: running.db, config, selfUrl: running.url });
console.log(`Listening on ${running.url} (${config.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests…`);
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  // ffmpeg is stopped and the leases given up first, while the database is still open.
  relays
    .stop()
    .catch((err: unknown) => console.error(err))
    .then(() => running.close())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

/** A configuration the server cannot run safely with stops it at once, with the reason only. */
function readOrExit(): Config {
  try {
    return readConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Refusing to start: ${err.message}`);
    process.exit(1);
  }
}
