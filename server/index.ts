import { ConfigError, readConfig, type Config } from './config';
import { guessableProblem } from './http/admin-key-strength';
import { describeFfmpeg } from './media/ffmpeg';
import { createLogger, lineLog } from './ops/logger';
import { startServer } from './server';

const config = readOrExit();
// One logger for the process (docs/operations.md "Logs"): JSON lines on stdout at LOG_LEVEL;
// `npm run dev` pipes them through pino-pretty.
const logger = createLogger({ level: config.ops?.logLevel });
const fatal = (message: string) => {
  logger.fatal(message);
  logger.flush();
  process.exit(1);
};
// Which ffmpeg the relay, the recorder and the renditions run, once (docs/recorder.md "ffmpeg").
logger.info(describeFfmpeg());
// A key from a dictionary with digits falls to guessing (docs/api.md "Admin key"). The check
// (about a second) runs while the database migrates; nothing listens before it has passed.
const checking = config.adminKeyGenerated
  ? Promise.resolve(null)
  : guessableProblem(config.adminKey).catch((err: unknown) => {
      logger.error(`Could not check how guessable ADMIN_KEY is: ${(err as Error)?.message ?? err}`);
      return null;
    });
const running = await startServer(config, lineLog(logger, 'info'), {
  logger,
  async beforeListen() {
    const problem = await checking;
    if (problem) fatal(`Refusing to start: ${problem}`);
  },
});
if (config.adminKeyGenerated) {
  // Printed once, on stdout and not through the logger, so the operator can sign in; set
  // ADMIN_KEY to keep one across restarts. Log shippers read the JSON lines only.
  process.stdout.write(`Admin key for this run: ${config.adminKey}\n`);
}
logger.info(`Listening on ${running.url} (${config.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'})`);
if (running.metricsServer) logger.info(`Metrics on ${running.metricsServer.url}/metrics`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: finishing in-flight requests…`);
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  // The leased loops stop first inside close(): ffmpeg stopped and the leases given up while
  // the database is still open.
  running
    .close()
    .then(
      () => process.exit(0),
      (err: unknown) => fatal(`Could not stop cleanly: ${(err as Error)?.stack ?? String(err)}`),
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
