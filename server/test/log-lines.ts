import { createLogger, type Logger } from '../ops/logger';

/** A real logger (the app's own settings, redaction included) whose lines a test reads back. */
export function collectingLogger(level: 'info' | 'debug' | 'warn' = 'info'): { logger: Logger; lines: string[]; entries(from?: number): Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line.trimEnd()) } });
  return { logger, lines, entries: (from = 0) => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>) };
}
