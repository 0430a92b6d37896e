import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md: a shoutout is a short voice message; a minute is plenty and keeps the upload small. */
export const MAX_RECORDING_SECONDS = 60;
/** Voice, not music: about 240 KB a minute on prepaid data. */
const VOICE_BITS_PER_SECOND = 32_000;

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; seconds: number; level: number }
  | { kind: 'recorded'; blob: Blob; seconds: number }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

/** The first container this browser records audio in (Chromium/Firefox: WebM Opus; Safari: MP4 AAC). */
function pickMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];
  return candidates.find((t) => typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(t));
}

export const canRecord = (): boolean => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';

/**
 * Records from the microphone with MediaRecorder: a level (0–1, from an AnalyserNode) for the
 * meter, a whole-second timer, and a stop at MAX_RECORDING_SECONDS. Refused or missing
 * microphones end in their own states, so the screen can say so and offer the file picker.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  const cleanup = useRef<() => void>(() => {});
  const recorderRef = useRef<MediaRecorder | null>(null);

  useEffect(() => () => cleanup.current(), []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (!canRecord()) return setState({ kind: 'unavailable' });
    setState({ kind: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      return setState({ kind: name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable' });
    }
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: VOICE_BITS_PER_SECOND });
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    const elapsed = () => Math.min(MAX_RECORDING_SECONDS, Math.floor((performance.now() - startedAt) / 1000));

    // The level meter: loudness of the last frame from an analyser, polled a few times a second.
    const audioContext = new AudioContext();
    const analyser = audioContext.createAnalyser();
    analyser.fftSize = 512;
    audioContext.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const tick = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128) / 128);
      const seconds = elapsed();
      setState({ kind: 'recording', seconds, level: Math.min(1, peak * 1.5) });
      if (seconds >= MAX_RECORDING_SECONDS) stop();
    }, 100);

    const release = () => {
      clearInterval(tick);
      stream.getTracks().forEach((t) => t.stop());
      void audioContext.close().catch(() => {});
    };
    cleanup.current = () => {
      recorder.ondataavailable = null;
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    };
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      release();
      const seconds = Math.max(1, elapsed());
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      setState(blob.size > 0 ? { kind: 'recorded', blob, seconds } : { kind: 'unavailable' });
    };
    recorder.start(1000);
    setState({ kind: 'recording', seconds: 0, level: 0 });
  }, [stop]);

  const reset = useCallback(() => {
    cleanup.current();
    cleanup.current = () => {};
    setState({ kind: 'idle' });
  }, []);

  return { state, start, stop, reset };
}
