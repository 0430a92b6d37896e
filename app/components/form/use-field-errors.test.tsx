// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadProgress } from '../../lib/uploads';
import { ApiError } from '../../lib/api-client';
import { Field, FieldMessage, FormErrors } from './field';
import { ImageField } from './image-field';
import { useFieldErrors } from './use-field-errors';

const Schema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty('Title is required')),
  days: v.pipe(v.array(v.string()), v.minLength(1, 'Pick at least one day')),
});

/** A form built only from the kit: a text field, a group, and what the server answered. */
function Probe({ server, fieldOf }: { server?: unknown; fieldOf?: (path: string) => 'title' | 'days' | undefined }) {
  const form = useFieldErrors({ fields: ['title', 'days'] as const, fieldOf, focusId: (f, uid) => (f === 'days' ? uid('day-0') : uid(f)) });
  const [title, setTitle] = useState('');
  const [days, setDays] = useState<string[]>([]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(Schema, { title, days })) return;
    if (server) form.showServer(server);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field form={form} name="title" label="Title" hint="Shown on the schedule.">
        {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <fieldset aria-describedby={form.control('days')['aria-describedby']}>
        <legend>Days</legend>
        <label>
          <input id={form.uid('day-0')} type="checkbox" checked={days.length > 0} onChange={(e) => setDays(e.target.checked ? ['Sunday'] : [])} />
          Sunday
        </label>
      </fieldset>
      <FieldMessage form={form} name="days" />
      <FormErrors form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

describe('useFieldErrors with <Field>', () => {
  it("puts the schema's messages beside their fields, tied by aria-describedby, and focuses the first", async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const describedBy = title.getAttribute('aria-describedby')!.split(' ');
    // The message first, then the hint.
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual(['Title is required', 'Shown on the schedule.']);
    expect(document.activeElement).toBe(title);
    expect(screen.getByTestId('error-days').textContent).toBe('Pick at least one day');
  });

  it('keeps the same ids from one showing to the next', async () => {
    const user = userEvent.setup();
    render(<Probe />);
    const title = screen.getByLabelText('Title');
    const id = title.id;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(title, 'Morning Praise');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Title').id).toBe(id);
    // Only the days are wrong now: they take the focus (their first box), the title is clear.
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Sunday'));
  });

  it("shows the server's issues beside the fields, by the form's own mapping, and lists the rest", async () => {
    const user = userEvent.setup();
    const server = new ApiError(400, 'Please check the highlighted fields.', [
      { path: 'name', message: 'That title is taken' },
      { path: 'days.0', message: 'Unknown day' },
      { path: 'adZones.sidebarEmbed', message: 'Too long' },
    ]);
    render(<Probe server={server} fieldOf={(path) => (path === 'name' ? 'title' : undefined)} />);
    await user.type(screen.getByLabelText('Title'), 'Morning Praise');
    await user.click(screen.getByLabelText('Sunday'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('error-title').textContent).toBe('That title is taken');
    expect(screen.getByTestId('error-days').textContent).toBe('Unknown day');
    expect(screen.getByRole('alert').textContent).toBe('adZones.sidebarEmbed: Too long');
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
  });
});

function ImageProbe({ upload }: { upload: (file: File, onProgress: (p: UploadProgress) => void) => Promise<string> }) {
  const form = useFieldErrors({ fields: ['imageUrl'] as const });
  const [url, setUrl] = useState('');
  return (
    <ImageField
      form={form}
      name="imageUrl"
      label="Image URL"
      value={url}
      onChange={setUrl}
      upload={upload}
      checkFile={(file) => (file.size > 10 ? 'Too big' : null)}
      uploadLabel="Upload Image"
      uploadingLabel="Uploading..."
    />
  );
}

describe('<ImageField>', () => {
  it('puts the uploaded file’s URL in the field', async () => {
    const user = userEvent.setup();
    render(<ImageProbe upload={async (file) => `/uploads/${file.name}`} />);
    await user.upload(screen.getByLabelText('Upload Image'), new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByDisplayValue('/uploads/logo.png')).toBe(screen.getByLabelText('Image URL'));
  });

  it('says why a file was refused beside the field, without sending it', async () => {
    const user = userEvent.setup();
    let sent = 0;
    render(<ImageProbe upload={async () => `/uploads/${++sent}`} />);
    await user.upload(screen.getByLabelText('Upload Image'), new File(['far too many bytes'], 'big.png', { type: 'image/png' }));
    expect(screen.getByLabelText('Image URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('error-imageUrl').textContent).toBe('Too big');
    expect(sent).toBe(0);
  });

  it("shows a failed upload's message", async () => {
    const user = userEvent.setup();
    render(<ImageProbe upload={() => Promise.reject(new ApiError(413, 'Images must be 5 MB or smaller'))} />);
    await user.upload(screen.getByLabelText('Upload Image'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect((await screen.findByTestId('error-imageUrl')).textContent).toBe('Images must be 5 MB or smaller');
  });

  it("shows the file's progress, and 'Paused — waiting for connection' while the line is down", async () => {
    const user = userEvent.setup();
    let report: (p: UploadProgress) => void = () => {};
    let finish: (url: string) => void = () => {};
    render(<ImageProbe upload={(_file, onProgress) => { report = onProgress; return new Promise((resolve) => (finish = resolve)); }} />);
    await user.upload(screen.getByLabelText('Upload Image'), new File(['x'], 'a.png', { type: 'image/png' }));
    act(() => report({ sent: 512 * 1024, total: 1024 * 1024, state: 'uploading' }));
    expect(screen.getByRole('status').textContent).toContain('50%');
    act(() => report({ sent: 512 * 1024, total: 1024 * 1024, state: 'paused' }));
    expect(screen.getByRole('status').textContent).toContain('Paused — waiting for connection');
    await act(async () => finish('/uploads/a.png'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByDisplayValue('/uploads/a.png')).toBe(screen.getByLabelText('Image URL'));
  });
});
