export interface CuttingProxy {
  url: string;
  /** Bytes passed on upstream so far. */
  sent(): number;
  /** Cuts made so far. */
  cuts(): number;
  close(): Promise<void>;
}

export function cuttingProxy(target: URL, options: { cuts: number[]; methods?: string[]; deadMs?: number }): Promise<CuttingProxy>;
