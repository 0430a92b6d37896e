import { EmbedFrame } from '../../components/embed-frame';
import { useSettings } from '../settings/api';
import { SubmissionForm } from './submission-form';
import './artists.css';

/** docs/product.md#screens 'Artist submission': guidelines beside the form (ours, or the tenant's embedded one). */
export function ArtistSubmission() {
  const settings = useSettings();
  const embed = settings.data?.artistFormEmbed?.trim() ?? '';

  return (
    <div className="artists-page artist-submission">
      <header>
        <h1>Submit Your Music</h1>
        <p className="muted">Send us your artist profile and your first track. Approved music appears in the Artist Directory.</p>
      </header>
      <div className="submit-layout">
        <Guidelines />
        <div>
          {settings.isPending ? (
            <div className="placeholder card-placeholder" aria-busy="true" aria-label="Loading the form" />
          ) : embed ? (
            <EmbedFrame name="artist-form" html={embed} title="Artist Submission" height={900} />
          ) : (
            // Also when settings cannot be read (offline, say): the native form needs nothing from them.
            <SubmissionForm />
          )}
        </div>
      </div>
    </div>
  );
}

function Guidelines() {
  return (
    <aside className="guidelines" aria-labelledby="guidelines-title">
      <article>
        <h2 id="guidelines-title">Submission Guidelines</h2>
        <ul>
          <li>
            <strong>Original content only.</strong> Send music you wrote or own the rights to; no covers or samples you have not cleared.
          </li>
          <li>
            <strong>Minimum 128kbps audio.</strong> MP3, WAV, OGG, M4A, FLAC or WebM, up to 20 MB. Lower-quality files are refused.
          </li>
          <li>
            <strong>Review in 7-14 business days.</strong> Our team listens to every submission; only approved artists and tracks are published.
          </li>
          <li>Mark songs with explicit lyrics as explicit.</li>
          <li>A photo is optional: JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.</li>
        </ul>
      </article>
    </aside>
  );
}
