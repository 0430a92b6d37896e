import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { megabytes, UPLOAD_MAX_BYTES } from '../../../domain/uploads';
import { keepShoutoutAudio, sendShoutoutOptions, SHOUTOUT_SENT, watchShoutoutUpload } from '../../api/shoutouts';
import type { UploadProgress } from '../../api/uploads';
import { UploadProgressView } from '../../components/upload-progress';
import { newIdempotencyKey, useOnline } from '../../lib/offline/outbox';
import { MAX_RECORDING_SECONDS, useRecorder } from './use-recorder';
import './shoutout-form.css';

const NAME_MAX = 80;

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
const extensionOf = (type: string) => (type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : type.includes('mpeg') ? 'mp3' : type.includes('wav') ? 'wav' : 'webm');

type Sent = null | 'sent' | 'queued';

/**
 * The radio page's voice shoutout (docs/product.md): record in the browser (level meter, timer,
 * at most a minute, listen back, re-record) or pick an audio file; an optional name; consent;
 * 'Send Shoutout'. It goes out through the outbox and the resumable upload, so an offline
 * recording waits on the phone and is delivered once when the connection returns.
 */
export default function ShoutoutForm() {
  const recorder = useRecorder();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [sent, setSent] = useState<Sent>(null);
  const [formKey, setFormKey] = useState(0);
  const send = useMutation(sendShoutoutOptions());
  const ids = useId();
  // A shoutout sent offline is kept by the offline storage's worker. It is not started here:
  // the query cache's persistence starts it once the page has loaded and the phone is idle
  // (main.tsx), and starting a worker is itself a task the first screen need not wait behind.

  const recorded = recorder.state.kind === 'recorded' ? recorder.state.blob : null;
  const audio: Blob | null = recorded ?? file;
  const audioUrl = useMemo(() => (audio ? URL.createObjectURL(audio) : null), [audio]);
  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl]);

  const busy = send.isPending && !send.isPaused;
  const canSend = Boolean(audio) && consent && !busy && recorder.state.kind !== 'recording';

  const pickFile = (picked: File | null) => {
    setFileError(null);
    if (picked && picked.size > UPLOAD_MAX_BYTES.shoutout) {
      setFile(null);
      return setFileError(`That file is over ${megabytes(UPLOAD_MAX_BYTES.shoutout)} MB. Please pick a shorter recording.`);
    }
    if (picked) recorder.reset();
    setFile(picked);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!audio || !consent) return;
    setSent(null);
    const key = newIdempotencyKey();
    const filename = file?.name ?? `shoutout.${extensionOf(audio.type)}`;
    await keepShoutoutAudio(key, audio);
    const stopWatching = watchShoutoutUpload(key, setProgress);
    const trimmed = name.trim();
    const variables = { payload: { blobKey: key, filename, ...(trimmed ? { nameOptional: trimmed } : {}) }, idempotencyKey: key };
    if (!navigator.onLine) setSent('queued');
    send.mutate(variables, {
      onSuccess: () => {
        setSent('sent');
        setProgress(null);
        setFile(null);
        setName('');
        setConsent(false);
        recorder.reset();
        setFormKey((k) => k + 1);
      },
      onSettled: () => stopWatching(),
    });
  };

  const r = recorder.state;
  return (
    <article className="shoutout" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Send a Voice Shoutout</h2>
      <p className="muted">Record a message of up to a minute for the station. It is played only after review.</p>
      <form onSubmit={(e) => void submit(e)} key={formKey}>
        <fieldset className="shoutout-recorder">
          <legend>Record</legend>
          {r.kind === 'recording' ? (
            <div className="recording">
              <meter className="level" aria-label="Microphone level" min={0} max={1} low={0.05} high={0.9} optimum={0.5} value={r.level} />
              <span role="timer" aria-live="off" data-testid="recording-time">
                {clock(r.seconds)} / {clock(MAX_RECORDING_SECONDS)}
              </span>
              <button type="button" onClick={recorder.stop}>
                Stop
              </button>
            </div>
          ) : r.kind === 'recorded' ? (
            <div className="recorded">
              <p>Recorded {clock(r.seconds)}. Listen back before you send it:</p>
              {audioUrl && <audio controls src={audioUrl} aria-label="Your recording" data-testid="listen-back" />}
              <button type="button" className="outline" onClick={() => void recorder.start()}>
                Re-record
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => void recorder.start()} disabled={r.kind === 'starting'} aria-busy={r.kind === 'starting'}>
              {r.kind === 'starting' ? 'Starting microphone…' : 'Record'}
            </button>
          )}
          {r.kind === 'refused' && (
            <p role="alert" className="shoutout-error">
              Microphone access was refused. Allow the microphone in your browser's settings to record, or pick an audio file below.
            </p>
          )}
          {r.kind === 'unavailable' && (
            <p role="alert" className="shoutout-error">
              No microphone could be used on this device. You can pick an audio file below instead.
            </p>
          )}
        </fieldset>

        <label>
          Or pick an audio file
          <input type="file" accept="audio/*" onChange={(e) => pickFile(e.target.files?.[0] ?? null)} aria-describedby={fileError ? `${ids}-file-error` : undefined} />
        </label>
        {fileError && (
          <p id={`${ids}-file-error`} role="alert" className="shoutout-error">
            {fileError}
          </p>
        )}
        {file && audioUrl && <audio controls src={audioUrl} aria-label="Your chosen file" />}

        <label>
          Your name (optional)
          <input type="text" value={name} maxLength={NAME_MAX} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="shoutout-consent">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />I agree that my shoutout may be played on air.
        </label>

        {progress && busy && <UploadProgressView progress={progress} label="Uploading shoutout" />}
        <button type="submit" disabled={!canSend} aria-busy={busy}>
          {busy ? 'Sending…' : 'Send Shoutout'}
        </button>
        {!audio && <small className="muted">Record a message or pick a file to send.</small>}
        {audio && !consent && <small className="muted">Tick the box above to send.</small>}
      </form>

      <div role="status" aria-live="polite">
        {sent === 'sent' && <p className="shoutout-sent">{SHOUTOUT_SENT}</p>}
        {(sent === 'queued' || (send.isPaused && !online)) && sent !== 'sent' && (
          <p className="shoutout-queued">You are offline. Your shoutout is saved on this phone and will be sent once when you are back online.</p>
        )}
      </div>
      {send.isError && (
        <p role="alert" className="shoutout-error">
          {send.error.message}
        </p>
      )}
    </article>
  );
}
