import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { UploadsRepository } from './uploads.repository';

/** A held lock lapses this long after its holder last renewed it (a crashed process frees its uploads). */
const LEASE_MS = 10_000;
const RENEW_MS = 1_000;
const POLL_MS = 50;
/** How long a request waits for a lock before tus answers it with an error. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus's Locker over the database (docs/uploads.md): every server process honours it, so two
 * processes never write one upload at once. A process that wants a held lock marks the row;
 * the holder sees the mark at its next renewal and lets go through tus's cancel request, as
 * tus's own in-memory locker does within one process (a half-open PATCH must not hold an
 * upload hostage when its client has resumed elsewhere).
 */
export class DatabaseLocker implements Locker {
  constructor(
    private readonly repo: UploadsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  newLock(id: string): Lock {
    return new DatabaseLock(id, this.repo, this.now);
  }
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly id: string,
    private readonly repo: UploadsRepository,
    private readonly now: () => number,
  ) {}

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    for (;;) {
      if (signal.aborted || Date.now() > giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.repo.tryLock(this.id, this.holder, this.now(), LEASE_MS)) break;
      if (!asked) {
        await this.repo.want(this.id);
        asked = true;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    let released = false;
    this.renewal = setInterval(() => {
      this.repo.renew(this.id, this.holder, this.now(), LEASE_MS).then(
        (state) => {
          if (state !== 'held' && !released) {
            released = true;
            void cancelReq();
          }
        },
        () => {},
      );
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    await this.repo.unlock(this.id, this.holder);
  }
}
