import { randomUUID } from 'node:crypto';

// Both engines hand booleans and numbers back differently (SQLite 0/1, pg bigint strings);
// repositories convert rows to domain objects through these.

export const newId = (): string => randomUUID();
export const nowIso = (ms: number = Date.now()): string => new Date(ms).toISOString();
export const bool = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';
export const num = (value: unknown): number => Number(value ?? 0);
export const numOrNull = (value: unknown): number | null => (value == null ? null : Number(value));
export const strOrNull = (value: unknown): string | null => (value == null || value === '' ? null : String(value));

export function jsonArray<T = string>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** Case-insensitive substring match that behaves the same on SQLite and PostgreSQL. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
