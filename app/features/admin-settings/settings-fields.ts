import type { SettingsResponse, TenantSettings } from '../../../domain/settings';

/** The settings this page edits; ad mode and zones belong to the ads page. */
export type EditableSettings = Omit<TenantSettings, 'adMode' | 'adZones'>;
export type TextKey = { [K in keyof EditableSettings]: EditableSettings[K] extends string ? K : never }[keyof EditableSettings];
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

/** docs/product.md#screens Admin Settings, plus docs/product.md's timeZone, lowDataStreamUrl and artistFormEmbed. */
export const SETTINGS_CARDS: SettingsCard[] = [
  {
    id: 'basic',
    title: 'Basic Information',
    fields: [
      { name: 'displayName', label: 'Display Name', kind: 'text' },
      { name: 'logoUrl', label: 'Logo URL', kind: 'url', placeholder: 'https://…/logo.png' },
      { name: 'streamUrl', label: 'Stream URL', kind: 'url', placeholder: 'https://…/stream' },
      {
        name: 'lowDataStreamUrl',
        label: 'Low-Data Stream URL',
        kind: 'url',
        hint: 'Optional. A lighter stream the player switches to in Low Data Mode.',
      },
      { name: 'defaultCountry', label: 'Default Country', kind: 'country' },
      {
        name: 'timeZone',
        label: 'Time Zone',
        kind: 'timeZone',
        hint: 'IANA name, e.g. America/Guyana. Show times are written in this zone.',
      },
    ],
  },
  {
    id: 'radio',
    title: 'Radio Configuration',
    fields: [
      { name: 'radioHtmlEmbed', label: 'Radio HTML Embed', kind: 'html' },
      { name: 'nowPlayingEmbed', label: 'Now Playing HTML', kind: 'html' },
      { name: 'recentlyPlayedEmbed', label: 'Recently Played HTML', kind: 'html' },
      {
        name: 'npJsonUrl',
        label: 'Now Playing JSON URL',
        kind: 'url',
        hint: "Leave blank to use the radio server's RPC proxy.",
      },
    ],
  },
  {
    id: 'video',
    title: 'Video Configuration',
    note: 'Each tenant has a distinct chat room: paste this tenant’s own chat embed.',
    fields: [
      { name: 'vdoPanelIframe', label: 'VDO Panel Iframe URL', kind: 'url' },
      { name: 'vdoPanelHls', label: 'VDO Panel HLS URL', kind: 'url' },
      { name: 'chatweeEmbed', label: 'Chat Embed', kind: 'html' },
    ],
  },
  {
    id: 'links',
    title: 'External Links',
    fields: [
      { name: 'communityUrl', label: 'Community URL', kind: 'url' },
      { name: 'shopUrl', label: 'Shop URL', kind: 'url' },
      { name: 'donateUrl', label: 'Donate URL', kind: 'url' },
      { name: 'sponsorUrl', label: 'Sponsor URL', kind: 'url' },
      { name: 'ga4Id', label: 'Analytics ID', kind: 'text', placeholder: 'G-XXXXXXXXXX' },
      {
        name: 'artistFormEmbed',
        label: 'Artist Form Embed',
        kind: 'html',
        hint: 'Optional. An external submission form shown instead of the built-in one on /artists/submit.',
      },
    ],
  },
];

export const TOGGLES: { name: ToggleKey; label: string }[] = [
  { name: 'enableReactions', label: 'Reactions' },
  { name: 'enablePrayerWall', label: 'Prayer Wall' },
  { name: 'enableShoutouts', label: 'Shoutouts' },
  { name: 'enableLowData', label: 'Low Data Mode' },
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
