import { describe, expect, it } from 'vitest';
import { isFramableUrl, videoFrameSandbox } from './video-frame';

const APP = 'https://watzhott.example';

describe('videoFrameSandbox', () => {
  it('lets a panel on another origin keep its own origin', () => {
    expect(videoFrameSandbox('https://panel.vdo.example/embed/12', APP)).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(videoFrameSandbox('http://watzhott.example:8080/x', APP)).toBe('allow-scripts allow-same-origin allow-presentation');
  });

  it('never gives a same-origin panel allow-same-origin next to allow-scripts', () => {
    expect(videoFrameSandbox('/watch-panel-test', APP)).toBe('allow-scripts allow-presentation');
    expect(videoFrameSandbox('https://watzhott.example/panel', APP)).toBe('allow-scripts allow-presentation');
  });

  it('stays strict for what it cannot parse', () => {
    expect(videoFrameSandbox('http://[bad', APP)).toBe('allow-scripts allow-presentation');
  });
});

describe('isFramableUrl', () => {
  it('accepts http(s) and root-relative URLs only', () => {
    expect(isFramableUrl('https://panel.example/live')).toBe(true);
    expect(isFramableUrl('/watch-panel-test')).toBe(true);
    expect(isFramableUrl('')).toBe(false);
    expect(isFramableUrl('   ')).toBe(false);
    expect(isFramableUrl('//evil.example')).toBe(false);
    expect(isFramableUrl('javascript:alert(1)')).toBe(false);
    expect(isFramableUrl('data:text/html,hi')).toBe(false);
  });
});
