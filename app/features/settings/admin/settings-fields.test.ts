import { describe, expect, it } from 'vitest';
import { SettingsSchema, defaultSettings, withDefaults } from '../../../../domain/settings';
import { messagesByField } from '../../../components/form/messages-by-field';
import { EDITABLE_KEYS, SETTINGS_CARDS, TOGGLES, editableSettings, settingsPayload } from './settings-fields';

const current = { ...withDefaults('caribbean', null), displayName: 'Old', adMode: 'embed' as const };

describe('settings fields', () => {
  it('cover every setting except the ad ones, each once', () => {
    const all = Object.keys(defaultSettings('watzhott')).filter((k) => k !== 'adMode' && k !== 'adZones');
    expect([...EDITABLE_KEYS].sort()).toEqual(all.sort());
    expect(new Set(EDITABLE_KEYS).size).toBe(EDITABLE_KEYS.length);
  });

  it('lay out the four cards of docs/product.md and the toggles', () => {
    expect(SETTINGS_CARDS.map((c) => c.title)).toEqual(['Basic Information', 'Radio Configuration', 'Video Configuration', 'External Links']);
    expect(TOGGLES.map((t) => t.label)).toEqual(['Reactions', 'Prayer Wall', 'Shoutouts', 'Low Data Mode', 'Song Requests', 'Relay the stream for listeners (adaptive quality, rewind)', 'Live Chat']);
  });

  it('start the form from the loaded settings, without ad fields or tenant', () => {
    const form = editableSettings(current);
    expect(form.displayName).toBe('Old');
    expect(form).not.toHaveProperty('adMode');
    expect(form).not.toHaveProperty('tenant');
  });
});

describe('settingsPayload', () => {
  it('lays the edits over the current settings and drops tenant', () => {
    const payload = settingsPayload(current, { displayName: 'New' });
    expect(payload.displayName).toBe('New');
    expect(payload.adMode).toBe('embed');
    expect(payload).not.toHaveProperty('tenant');
  });

  it('gives docs/product.md#validation-messages messages per field through the shared schema', () => {
    const byField = messagesByField(SettingsSchema, settingsPayload(current, { displayName: '  ', logoUrl: 'nope', streamUrl: 'ftp://x', radioHtmlEmbed: '' }));
    expect(byField).toMatchObject({
      displayName: 'Display name is required',
      logoUrl: 'Valid logo URL is required',
      streamUrl: 'Valid stream URL is required',
      radioHtmlEmbed: 'Radio HTML embed is required',
    });
  });
});
