import { useState, type FormEvent } from 'react';
import type { Episode } from '../../../../domain/episodes';
import type { Show } from '../../../../domain/shows';
import { failureMessage } from '../../../components/form/failure';
import { useToast } from '../../../components/toasts';
import { UploadProgressView } from '../../../components/upload-progress';
import { useSaveEpisode } from '../api';
import { uploadFile, type UploadProgress } from '../../../lib/uploads';
import { requireAdminKey } from '../../../lib/admin-upload';
import { ApiError } from '../../../lib/api-client';

interface Props {
  episode?: Episode;
  shows: readonly Show[];
  onDone: () => void;
}

type Errors = Partial<Record<'file' | 'title' | 'description' | 'showId' | 'form', string>>;

/**
 * Upload an episode (a sermon, an interview) through the resumable upload, or edit one: title,
 * description, show, published or draft. The file is sent first, with its progress; the
 * episode is created from it once it has arrived (the server reads its length).
 */
export function EpisodeForm({ episode, shows, onDone }: Props) {
  const { toast } = useToast();
  const save = useSaveEpisode();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState(episode?.title ?? '');
  const [description, setDescription] = useState(episode?.description ?? '');
  const [showId, setShowId] = useState(episode?.showId ?? '');
  const [publish, setPublish] = useState(episode ? episode.status === 'published' : false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const ids = episode?.id ?? 'new';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!title.trim()) found.title = 'Episode title is required';
    if (!episode && !file) found.file = 'An audio file is required';
    if (file && !file.type.startsWith('audio/') && !/\.(mp3|m4a|wav|ogg|opus|flac|webm|aac)$/i.test(file.name)) found.file = 'Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or WebM).';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      let audioUrl: string | undefined;
      if (!episode && file) {
        audioUrl = (await uploadFile(file, { purpose: 'episode', adminKey: requireAdminKey(), onProgress: setProgress })).url;
      }
      const body = { title: title.trim(), description: description.trim(), showId: showId || null, status: publish ? ('published' as const) : ('draft' as const) };
      const saved = await save.mutateAsync({ id: episode?.id ?? null, episode: episode ? body : { ...body, audioUrl: audioUrl!, imageUrl: null } });
      toast(episode ? { title: 'Episode Updated', description: `Changes to "${saved.title}" are saved.` } : { title: 'Episode Added', description: publish ? `"${saved.title}" is on Listen Again.` : `"${saved.title}" is saved as a draft.` });
      onDone();
    } catch (err) {
      const fieldErrors: Errors = {};
      if (err instanceof ApiError) for (const issue of err.issues) fieldErrors[(issue.path === 'audioUrl' ? 'file' : issue.path) as keyof Errors] = issue.message;
      if (!Object.keys(fieldErrors).length) fieldErrors.form = failureMessage(err);
      setErrors(fieldErrors);
      toast({ title: 'Save Failed', description: failureMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const invalid = (name: keyof Errors) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `ep-${ids}-${name}-error` } : {});
  const message = (name: keyof Errors) =>
    errors[name] ? (
      <small id={`ep-${ids}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </small>
    ) : null;

  return (
    <form className="epa-form episode-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={episode ? `Edit episode: ${episode.title}` : 'Upload an episode'}>
      <h2>{episode ? `Edit Episode: ${episode.title}` : 'Upload an Episode'}</h2>
      {!episode && (
        <div className="epa-field">
          <label htmlFor={`ep-${ids}-file`}>Audio file</label>
          <input id={`ep-${ids}-file`} type="file" accept="audio/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} {...invalid('file')} />
          <small className="muted">A sermon, an interview, a show: MP3, M4A, WAV, OGG, FLAC or WebM. A low-data copy is made for listeners on prepaid data.</small>
          {message('file')}
        </div>
      )}
      <div className="epa-field">
        <label htmlFor={`ep-${ids}-title`}>Title</label>
        <input id={`ep-${ids}-title`} value={title} maxLength={160} onChange={(e) => setTitle(e.target.value)} autoComplete="off" {...invalid('title')} />
        {message('title')}
      </div>
      <div className="epa-field">
        <label htmlFor={`ep-${ids}-description`}>Description</label>
        <textarea id={`ep-${ids}-description`} value={description} maxLength={4000} rows={3} onChange={(e) => setDescription(e.target.value)} {...invalid('description')} />
        {message('description')}
      </div>
      <div className="epa-field">
        <label htmlFor={`ep-${ids}-show`}>Show</label>
        <select id={`ep-${ids}-show`} value={showId} onChange={(e) => setShowId(e.target.value)} {...invalid('showId')}>
          <option value="">No show</option>
          {shows.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        {message('showId')}
      </div>
      <label className="episode-publish">
        <input type="checkbox" role="switch" checked={publish} onChange={(e) => setPublish(e.target.checked)} /> Published (on Listen Again and the podcast feed)
      </label>
      {progress && <UploadProgressView progress={progress} label="Uploading" />}
      {message('form')}
      <div className="admin-list-row-actions">
        <button type="submit" aria-busy={busy} disabled={busy}>
          {episode ? 'Save Changes' : 'Upload Episode'}
        </button>
        <button type="button" className="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
