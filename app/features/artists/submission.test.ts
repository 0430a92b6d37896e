import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  EMPTY_SUBMISSION,
  NetworkError,
  StepError,
  artistBody,
  describeFailure,
  runSubmission,
  trackBody,
  validateSubmission,
  type ArtistBody,
  type SubmissionDeps,
  type SubmissionMemo,
  type SubmissionValues,
  type TrackBody,
} from './submission';

const audio = new File([new Uint8Array(64)], 'song.wav', { type: 'audio/wav', lastModified: 1 });
const photo = new File([new Uint8Array(16)], 'me.png', { type: 'image/png', lastModified: 2 });

const VALID: SubmissionValues = {
  ...EMPTY_SUBMISSION,
  name: '  Test Artist ',
  bio: 'Sings about the sea.',
  countryCode: 'JM',
  instagram: 'https://www.instagram.com/test',
  title: 'First Song',
  genre: 'Reggae',
  bpm: '96',
  songKey: 'A minor',
  explicit: true,
  audio,
};

describe('validateSubmission', () => {
  it('accepts a complete submission', () => {
    expect(validateSubmission(VALID)).toEqual({});
    expect(validateSubmission({ ...VALID, photo, bpm: '', songKey: '' })).toEqual({});
  });

  it('names every missing required field with the schema messages', () => {
    expect(validateSubmission(EMPTY_SUBMISSION)).toEqual({
      name: 'Artist name is required',
      bio: 'Bio is required',
      countryCode: 'Country is required',
      title: 'Track title is required',
      genre: 'Genre is required',
      audio: 'An audio file is required',
    });
  });

  it('treats blank text as missing', () => {
    const errors = validateSubmission({ ...VALID, name: '   ', title: ' ' });
    expect(errors.name).toBe('Artist name is required');
    expect(errors.title).toBe('Track title is required');
  });

  it('checks the optional fields when given', () => {
    const errors = validateSubmission({ ...VALID, bpm: 'fast', instagram: 'not a url', youtube: 'ftp://x.example' });
    expect(errors.bpm).toBe('BPM must be a number');
    expect(errors.instagram).toBe('Valid Instagram URL is required');
    expect(errors.youtube).toBe('Valid YouTube URL is required');
    expect(validateSubmission({ ...VALID, bpm: '1000' }).bpm).toBe('BPM must be a whole number from 20 to 400');
    expect(validateSubmission({ ...VALID, bpm: '90.5' }).bpm).toBe('BPM must be a whole number from 20 to 400');
  });

  it('checks the files', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(validateSubmission({ ...VALID, audio: text }).audio).toMatch(/Choose an audio file/);
    expect(validateSubmission({ ...VALID, photo: text }).photo).toMatch(/Choose an image/);
    const big = { ...audio, size: 21 * 1024 * 1024, name: 'big.mp3', type: 'audio/mpeg' } as File;
    expect(validateSubmission({ ...VALID, audio: big }).audio).toBe('Audio must be 20 MB or smaller');
    const bigPhoto = { size: 6 * 1024 * 1024, name: 'big.jpg', type: 'image/jpeg' } as File;
    expect(validateSubmission({ ...VALID, photo: bigPhoto }).photo).toBe('Images must be 5 MB or smaller');
    // No MIME type from the OS: the extension decides.
    expect(validateSubmission({ ...VALID, audio: new File([new Uint8Array(4)], 'take.FLAC') }).audio).toBeUndefined();
  });
});

describe('bodies', () => {
  it('trims text, keeps only given socials, reads bpm', () => {
    expect(artistBody(VALID, '/uploads/p.png')).toEqual({
      name: 'Test Artist',
      bio: 'Sings about the sea.',
      countryCode: 'JM',
      photoUrl: '/uploads/p.png',
      socials: { instagram: 'https://www.instagram.com/test' },
    });
    expect(trackBody(VALID, 'a1', '/uploads/s.wav')).toEqual({
      artistId: 'a1',
      title: 'First Song',
      genre: 'Reggae',
      bpm: 96,
      songKey: 'A minor',
      explicit: true,
      fileUrl: '/uploads/s.wav',
    });
    expect(trackBody({ ...VALID, bpm: ' ', songKey: '' }, 'a1', '/f').bpm).toBeNull();
  });
});

function fakeDeps(failures: Partial<Record<'upload' | 'artist' | 'track', unknown[]>> = {}) {
  let n = 0;
  const calls: { kind: string; key: string; body?: unknown }[] = [];
  const take = (kind: 'upload' | 'artist' | 'track') => {
    const list = failures[kind];
    if (list && list.length) throw list.shift();
  };
  const deps: SubmissionDeps = {
    newKey: () => `key-${++n}`,
    upload: async (file, key, progress) => {
      calls.push({ kind: `upload:${file.name}`, key });
      progress(0.5);
      take('upload');
      return `/uploads/${file.name}`;
    },
    createArtist: async (body: ArtistBody, key) => {
      calls.push({ kind: 'artist', key, body });
      take('artist');
      return { id: 'artist-1' };
    },
    createTrack: async (body: TrackBody, key) => {
      calls.push({ kind: 'track', key, body });
      take('track');
      return { id: 'track-1' };
    },
  };
  return { deps, calls };
}

describe('runSubmission', () => {
  it('uploads the photo and audio, then creates the artist, then the track, each with its own key', async () => {
    const { deps, calls } = fakeDeps();
    const progress: string[] = [];
    const result = await runSubmission({ ...VALID, photo }, deps, new Map(), (p) => progress.push(`${p.step} ${p.index}/${p.total} ${p.fraction}`));
    expect(result).toEqual({ artistId: 'artist-1', trackId: 'track-1' });
    expect(calls.map((c) => c.kind)).toEqual(['upload:me.png', 'upload:song.wav', 'artist', 'track']);
    expect(new Set(calls.map((c) => c.key)).size).toBe(4);
    expect(calls[2]!.body).toMatchObject({ photoUrl: '/uploads/me.png' });
    expect(calls[3]!.body).toMatchObject({ artistId: 'artist-1', fileUrl: '/uploads/song.wav' });
    expect(progress).toContain('audio 2/4 0.5');
    expect(progress.at(-1)).toBe('track 4/4 1');
  });

  it('makes every key at the press, before any call', async () => {
    const { deps, calls } = fakeDeps();
    const memo: SubmissionMemo = new Map();
    let keysAtFirstCall = -1;
    const upload = deps.upload;
    deps.upload = (...args) => {
      if (keysAtFirstCall < 0) keysAtFirstCall = memo.size;
      return upload(...args);
    };
    await runSubmission(VALID, deps, memo);
    expect(keysAtFirstCall).toBe(3);
    expect(calls).toHaveLength(3);
  });

  it('after a failure, a new press resends only what failed, under the same key', async () => {
    const { deps, calls } = fakeDeps({ track: [new NetworkError()] });
    const memo: SubmissionMemo = new Map();
    const first = await runSubmission(VALID, deps, memo).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(StepError);
    expect((first as StepError).step).toBe('track');
    await runSubmission(VALID, deps, memo);
    expect(calls.map((c) => c.kind)).toEqual(['upload:song.wav', 'artist', 'track', 'track']);
    expect(calls[2]!.key).toBe(calls[3]!.key);
  });

  it('a changed input gets a fresh key; unchanged earlier steps are not repeated', async () => {
    const refused = new ApiError(400, 'Please check the highlighted fields.', [{ path: 'bpm', message: 'BPM must be a whole number from 20 to 400' }]);
    const { deps, calls } = fakeDeps({ track: [refused] });
    const memo: SubmissionMemo = new Map();
    await expect(runSubmission(VALID, deps, memo)).rejects.toBeInstanceOf(StepError);
    await runSubmission({ ...VALID, bpm: '100' }, deps, memo);
    expect(calls.map((c) => c.kind)).toEqual(['upload:song.wav', 'artist', 'track', 'track']);
    expect(calls[2]!.key).not.toBe(calls[3]!.key);
  });

  it('a refused audio file replaced by another uploads the new one under a new key', async () => {
    const low = new ApiError(400, 'Audio must be at least 128kbps (this file is 64kbps)', [{ path: 'file', message: 'Audio must be at least 128kbps (this file is 64kbps)' }]);
    const { deps, calls } = fakeDeps({ upload: [low] });
    const memo: SubmissionMemo = new Map();
    const err = await runSubmission(VALID, deps, memo).catch((e: unknown) => e);
    expect(describeFailure(err)).toEqual({ fields: { audio: 'Audio must be at least 128kbps (this file is 64kbps)' }, message: null });
    const better = new File([new Uint8Array(128)], 'better.wav', { type: 'audio/wav', lastModified: 3 });
    await runSubmission({ ...VALID, audio: better }, deps, memo);
    expect(calls.map((c) => c.kind)).toEqual(['upload:song.wav', 'upload:better.wav', 'artist', 'track']);
    expect(calls[0]!.key).not.toBe(calls[1]!.key);
  });
});

describe('describeFailure', () => {
  it('puts server field messages beside the fields', () => {
    const err = new StepError('artist', new ApiError(400, 'Please check the highlighted fields.', [
      { path: 'name', message: 'Artist name is required' },
      { path: 'socials.spotify', message: 'Valid Spotify URL is required' },
    ]));
    expect(describeFailure(err)).toEqual({ fields: { name: 'Artist name is required', spotify: 'Valid Spotify URL is required' }, message: null });
  });

  it('puts an upload refusal without issues beside the file it concerns', () => {
    expect(describeFailure(new StepError('photo', new ApiError(415, 'Only audio or images can be uploaded')))).toEqual({
      fields: { photo: 'Only audio or images can be uploaded' },
      message: null,
    });
  });

  it('says so when the network is gone, and keeps the entries', () => {
    expect(describeFailure(new StepError('audio', new NetworkError()), false).message).toMatch(/offline.*entries are kept/);
    expect(describeFailure(new StepError('artist', new TypeError('Failed to fetch')), true).message).toMatch(/couldn't reach the server/);
  });

  it('shows other errors as a message', () => {
    expect(describeFailure(new StepError('track', new ApiError(429, 'Too many requests, try again in a minute')))).toEqual({
      fields: {},
      message: 'Too many requests, try again in a minute',
    });
    expect(describeFailure(new StepError('track', new ApiError(400, 'Artist not found', [{ path: 'artistId', message: 'Artist not found' }])))).toEqual({
      fields: {},
      message: 'Artist not found',
    });
  });
});
