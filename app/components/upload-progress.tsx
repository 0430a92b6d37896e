import { PAUSED_MESSAGE, formatBytes, type UploadProgress } from '../lib/uploads';
import './upload-progress.scss';

/**
 * One file's upload: a bar, the percent and the bytes, and 'Paused — waiting for connection'
 * while the connection is gone (the upload resumes by itself). Announced politely to screen readers.
 */
export function UploadProgressView({ progress, label, live = true }: { progress: UploadProgress; label: string; live?: boolean }) {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  const paused = progress.state === 'paused';
  return (
    // live=false inside a region that already announces itself (no double announcements).
    <div className="upload-progress" role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined} data-state={progress.state}>
      <progress value={percent} max={100} aria-label={label} />
      <span>
        {label}: {percent}% ({formatBytes(progress.sent)} of {formatBytes(progress.total)})
        {paused && (
          <>
            {' — '}
            <strong>{PAUSED_MESSAGE}</strong>
          </>
        )}
      </span>
    </div>
  );
}
