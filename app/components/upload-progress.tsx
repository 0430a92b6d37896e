import { PAUSED_MESSAGE, formatBytes, type UploadProgress } from '../api/uploads';

/**
 * One file's upload: a bar, the percent and the bytes, and 'Paused — waiting for connection'
 * while the connection is gone (the upload resumes by itself). Announced politely to screen readers.
 */
export function UploadProgressView({ progress, label }: { progress: UploadProgress; label: string }) {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  const paused = progress.state === 'paused';
  return (
    <div className="upload-progress" role="status" aria-live="polite" data-state={progress.state}>
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
