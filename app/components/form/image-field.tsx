import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { UploadProgress } from '../../lib/uploads';
import { useLowData } from '../../lib/low-data';
import { UploadProgressView } from '../upload-progress';
import { FieldMessage, URL_INPUT } from './field';
import type { FieldErrors } from './use-field-errors';

export interface ImageFieldProps<F extends string> {
  form: FieldErrors<F>;
  name: F;
  label: ReactNode;
  value: string;
  onChange: (url: string) => void;
  /** Stores the picked file and answers its URL, telling its progress; the screen passes its upload call. */
  upload: (file: File, onProgress: (p: UploadProgress) => void) => Promise<string>;
  /** Why a picked file will be refused, checked before any byte is sent on a prepaid line; null when it will not. */
  checkFile?: (file: File) => string | null;
  uploadLabel: string;
  uploadingLabel: string;
  accept?: string;
  placeholder?: string;
  /** What files are taken: describes the file picker. */
  hint?: ReactNode;
  className?: string;
  uploadClassName?: string;
  /** Shows the image under the field (never in Low Data Mode): the class of the preview. */
  previewClassName?: string;
  /** Told when an upload starts and ends, so the form can hold its submit until the URL is in. */
  onBusyChange?: (busy: boolean) => void;
  /** Told a failed upload's message, besides the message shown beside the field. */
  onUploadError?: (message: string) => void;
}

/**
 * An image URL typed or pasted, or a file picked and uploaded into it. The input is cleared
 * after each pick, so the same file can be picked again after a failure.
 */
export function ImageField<F extends string>(props: ImageFieldProps<F>) {
  const { form, name, label, value, onChange, upload, checkFile, hint, className, previewClassName } = props;
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [lowData] = useLowData();
  const error = form.errors[name];
  const fileId = form.uid(`${name}-file`);

  const busy = (on: boolean) => {
    setUploading(on);
    if (!on) setProgress(null);
    props.onBusyChange?.(on);
  };
  const fail = (message: string) => {
    form.setError(name, message);
    props.onUploadError?.(message);
  };

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkFile?.(file) ?? null;
    if (problem) {
      input.value = '';
      fail(problem);
      return;
    }
    busy(true);
    try {
      onChange(await upload(file, setProgress));
      form.setError(name, undefined);
    } catch (err) {
      fail(err instanceof Error ? err.message : 'Upload failed');
    } finally {
      busy(false);
      input.value = '';
    }
  };

  return (
    <div className={className} data-field={name}>
      <label htmlFor={form.id(name)}>{label}</label>
      <input
        {...form.control(name)}
        {...URL_INPUT}
        value={value}
        placeholder={props.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessage form={form} name={name} />
      <label htmlFor={fileId} className={props.uploadClassName}>
        {uploading ? props.uploadingLabel : props.uploadLabel}
        <input id={fileId} type="file" accept={props.accept ?? 'image/*'} onChange={(e) => void onPick(e)} disabled={uploading} aria-busy={uploading} aria-describedby={hint ? form.hintId(name) : undefined} />
      </label>
      {uploading && progress && <UploadProgressView progress={progress} label={props.uploadingLabel.replace(/\.+$/, '')} />}
      {hint && (
        <small id={form.hintId(name)} className="muted">
          {hint}
        </small>
      )}
      {previewClassName && value && !lowData && !error && (
        <img className={previewClassName} src={value} alt="Image preview" width={320} height={180} loading="lazy" />
      )}
    </div>
  );
}
