export interface CuttingProxy {
  url: string;
  /** Bytes passed on upstream so far. */
  sent(): number;
  /** Cuts made so far. */
  cuts(): number;
  /** Bytes passed back to the client so far (responses, headers included). */
  delivered(): number;
  /** Bytes of responses to GET /uploads/… passed back so far (headers included). */
  uploadsDelivered(): number;
  /** Download cuts made so far. */
  downloadCuts(): number;
  /** Cuts the next GET /uploads/… response once this many of its bytes have passed. */
  armDownloadCut(bytes: number): void;
  /** Drops every open connection and refuses new ones until up(). */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export function cuttingProxy(target: URL, options: { cuts: number[]; methods?: string[]; deadMs?: number; downloadCuts?: number[] }): Promise<CuttingProxy>;
