import type Koa from 'koa';
import type { Role } from '../../domain/people';
import type { Tenant } from '../../domain/tenants';
import type { Config } from '../config';
import type { ChangeBus } from '../db/change-bus';
import type { Db } from '../db/knex';
import type { JobQueue } from '../jobs/job-queue';
import type { UploadStorage } from '../media/storage';
import type { Metrics } from '../ops/metrics';

export interface AppState {
  tenant: Tenant;
  /** True when a valid x-admin-key or an open admin session came with the request. */
  isAdmin: boolean;
  /** Who is acting: the admin key (an owner named "admin key") or a signed-in person. */
  actor?: Actor | null;
  clientAddress: string;
  /** Parsed JSON body, set by jsonBody(). */
  body?: unknown;
  /** Hash of the request body, set by the body parsers, read by idempotent(). */
  fingerprint?: string;
  /** Uploaded file written by multipartBody(). */
  upload?: UploadedFile;
  /** Text fields of a multipart body. */
  fields?: Record<string, string>;
  /** Set by a write that changes none of the kept public answers (a chat message): they stay kept. */
  publicUnchanged?: boolean;
  /** Set by publicAnswers on an answer it will keep: it answers If-None-Match itself. */
  keepAnswer?: boolean;
  /** A routine answer sent by the thousand (a listening heartbeat): its request line is logged at debug. */
  routine?: boolean;
}

/** An admin making a request (docs/api.md, "Admins who are people"). */
export interface Actor {
  /** The person's id; null for the admin key. */
  id: string | null;
  name: string;
  role: Role;
  via: 'key' | 'passkey';
  /** The session's token hash, for sign-out. */
  sessionHash?: string;
}

export interface UploadedFile {
  path: string;
  size: number;
  sha256: string;
  field: string;
  clientName: string;
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type Middleware = Koa.Middleware<AppState>;

/** What every feature router is built from. */
export interface Deps {
  db: Db;
  config: Config;
  /** Injected so tests can move time. */
  now: () => number;
  /** Where uploaded files live: the local disk or an S3 bucket (server/media/storage.ts). */
  storage: UploadStorage;
  /** Operator warnings (the global admin lock-out); stderr unless given. */
  warn?: (line: string) => void;
  /**
   * Changes every process serving this database must hear of (server/db/change-bus.ts);
   * createApp always sets it (in-process unless startServer hands it PostgreSQL's).
   */
  bus?: ChangeBus;
  /** The durable job queue (server/jobs/job-queue.ts): renditions and other background work. */
  jobs: JobQueue;
  /** This app's Prometheus metrics (server/ops/metrics.ts); createApp always sets it. */
  metrics?: Metrics;
}
