export interface CuttingProxy {
  url: string;
  /** Bytes passed on upstream so far. */
  sent(): number;
  /** Cuts made so far. */
  cuts(): number;
  /** Drops every open connection and refuses new ones until up(). */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export function cuttingProxy(target: URL, options: { cuts: number[]; methods?: string[]; deadMs?: number }): Promise<CuttingProxy>;
