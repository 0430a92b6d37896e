import type { SettingsResponse, TenantSettings } from '../../../../domain/settings';

/** The settings this page edits; ad mode and zones belong to the ads page. */
export type EditableSettings = Omit<TenantSettings, 'adMode' | 'adZones'>;
export type TextKey = { [K in keyof EditableSettings]: EditableSettings[K] extends string ? K : never }[keyof EditableSettings];
export type NumberKey = { [K in keyof EditableSettings]: EditableSettings[K] extends number ? K : never }[keyof EditableSettings];
export type ToggleKey = { [K in keyof EditableSettings]: EditableSettings[K] extends boolean ? K : never }[keyof EditableSettings];

export interface TextField {
  name: TextKey;
  label: string;
  kind: 'text' | 'url' | 'html' | 'country' | 'timeZone';
  hint?: string;
  placeholder?: string;
}

export interface SettingsCard {
  id: string;
  title: string;
  note?: string;
  fields: TextField[];
}

/** A field definition: its kind, then the name, label and any hint or placeholder. */
const field =
  (kind: TextField['kind']) =>
  (name: TextKey, label: string, more: Pick<TextField, 'hint' | 'placeholder'> = {}): TextField => ({ name, label, kind, ...more });
const text = field('text');
const url = field('url');
const html = field('html');

/** docs/product.md#screens Admin Settings, plus docs/product.md's timeZone, lowDataStreamUrl and artistFormEmbed. */
export const SETTINGS_CARDS: SettingsCard[] = [
  {
    id: 'basic',
    title: 'Basic Information',
    fields: [
      text('displayName', 'Display Name'),
      url('logoUrl', 'Logo URL', { placeholder: 'https://…/logo.png' }),
      url('streamUrl', 'Stream URL', { placeholder: 'https://…/stream' }),
      url('lowDataStreamUrl', 'Low-Data Stream URL', { hint: 'Optional. A lighter stream the player switches to in Low Data Mode.' }),
      field('country')('defaultCountry', 'Default Country'),
      field('timeZone')('timeZone', 'Time Zone', { hint: 'IANA name, e.g. America/Guyana. Show times are written in this zone.' }),
    ],
  },
  {
    id: 'radio',
    title: 'Radio Configuration',
    fields: [
      html('radioHtmlEmbed', 'Radio HTML Embed'),
      html('nowPlayingEmbed', 'Now Playing HTML'),
      html('recentlyPlayedEmbed', 'Recently Played HTML'),
      url('npJsonUrl', 'Now Playing JSON URL', { hint: "Leave blank to use the radio server's RPC proxy." }),
    ],
  },
  {
    id: 'video',
    title: 'Video Configuration',
    note: 'Each tenant has a distinct chat room: paste this tenant’s own chat embed.',
    fields: [
      url('vdoPanelIframe', 'VDO Panel Iframe URL'),
      url('vdoPanelHls', 'VDO Panel HLS URL'),
      html('chatweeEmbed', 'Chat Embed', { hint: 'Leave blank to use our own Live Chat (turn it on below).' }),
      html('chatWordList', 'Word List', { hint: 'One word or phrase a line: a chat message with one waits for a moderator; a song dedication with one is refused.' }),
    ],
  },
  {
    id: 'links',
    title: 'External Links',
    fields: [
      url('communityUrl', 'Community URL'),
      url('shopUrl', 'Shop URL'),
      url('donateUrl', 'Donate URL'),
      url('sponsorUrl', 'Sponsor URL'),
      text('ga4Id', 'Analytics ID', { placeholder: 'G-XXXXXXXXXX' }),
      html('artistFormEmbed', 'Artist Form Embed', { hint: 'Optional. An external submission form shown instead of the built-in one on /artists/submit.' }),
    ],
  },
];

export const TOGGLES: { name: ToggleKey; label: string }[] = [
  { name: 'enableReactions', label: 'Reactions' },
  { name: 'enablePrayerWall', label: 'Prayer Wall' },
  { name: 'enableShoutouts', label: 'Shoutouts' },
  { name: 'enableLowData', label: 'Low Data Mode' },
  { name: 'enableRequests', label: 'Song Requests' },
  { name: 'liveRelay', label: 'Relay the stream for listeners (adaptive quality, rewind)' },
  { name: 'enableChat', label: 'Live Chat' },
];

/** Whole numbers the page edits. */
export const NUMBERS: { name: NumberKey; label: string; hint: string }[] = [
  { name: 'chatSlowModeSeconds', label: 'Chat Slow Mode (seconds)', hint: 'One message per this many seconds per listener; 0 is off.' },
];

/** The eleven countries' own zones: the likely answers, offered as suggestions. */
export const CARIBBEAN_TIME_ZONES = [
  'America/Guyana',
  'America/Barbados',
  'America/Port_of_Spain',
  'America/Belize',
  'America/Jamaica',
  'America/St_Lucia',
  'America/Grenada',
  'America/Dominica',
  'America/St_Vincent',
  'America/Antigua',
  'America/Nassau',
] as const;

export const EDITABLE_KEYS: (keyof EditableSettings)[] = [
  ...SETTINGS_CARDS.flatMap((c) => c.fields.map((f) => f.name)),
  ...TOGGLES.map((t) => t.name),
  ...NUMBERS.map((n) => n.name),
];

/** The form's starting values: this page's own fields of the loaded settings. */
export function editableSettings(settings: TenantSettings): EditableSettings {
  return Object.fromEntries(EDITABLE_KEYS.map((k) => [k, settings[k]])) as unknown as EditableSettings;
}

/**
 * PUT /api/settings takes the whole object (docs/api.md): the current settings with the edits
 * laid over them, without the `tenant` the GET adds.
 */
export function settingsPayload(current: SettingsResponse | TenantSettings, edits: Partial<TenantSettings>): TenantSettings {
  const { tenant: _tenant, ...settings } = current as SettingsResponse;
  return { ...settings, ...edits };
}
