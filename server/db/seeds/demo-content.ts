import type { Genre, TrackStatus } from '../../../domain/catalog';
import type { CountryCode } from '../../../domain/countries';
import type { SocialKey } from '../../../domain/artists';
import type { Tenant } from '../../../domain/tenants';

// The demo content of a fresh install, as plain data: its music (artists, tracks, what was
// played); its shows, events, sponsors, prayers and ads are in ./demo-community-content.ts.
// seeds/demo.ts turns both into rows; scripts/make-demo-images.mjs draws the local SVG images
// they name. Every person, band, business and web address here is invented; web addresses use
// the reserved .example TLD.

/** Audio is not shipped with the demo: every demo track points at this one same-origin path. */
export const DEMO_AUDIO_URL = '/demo/audio/sample.mp3';
export const DEMO_STREAM_URL = '/demo/stream';

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const artistPhotoUrl = (key: string): string => `/demo/artists/${key}.svg`;
export const genreCoverUrl = (genre: Genre): string => `/demo/covers/${slugify(genre)}.svg`;

export interface DemoArtist {
  key: string;
  name: string;
  bio: string;
  countryCode: CountryCode;
  featured: boolean;
  approved: boolean;
  socials: Partial<Record<SocialKey, string>>;
  daysAgo: number;
}

const A = (
  key: string,
  name: string,
  countryCode: CountryCode,
  flags: { featured?: boolean; approved?: boolean },
  daysAgo: number,
  bio: string,
  socials: Partial<Record<SocialKey, string>> = {},
): DemoArtist => ({ key, name, bio, countryCode, featured: flags.featured ?? false, approved: flags.approved ?? true, socials, daysAgo });

const FEATURED = { featured: true, approved: true };
const APPROVED = { approved: true };
const PENDING = { approved: false };

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  // Guyana: six featured (the Artists page shows up to six), one rising, one waiting.
  A('shanice-persaud', 'Shanice Persaud', 'GY', FEATURED, 120,
    'Berbice-born soca vocalist whose chutney-soca crossovers light up Mashramani fetes every February. Her debut EP was recorded in a converted rice mill outside New Amsterdam.',
    { instagram: 'https://www.instagram.com/shanicepersaud.demo', spotify: 'https://open.spotify.com/artist/shanicepersaud-demo' }),
  A('kwame-lewis', 'Kwame Lewis', 'GY', FEATURED, 110,
    'Roots reggae singer and songwriter from Albouystown, Georgetown. Kwame writes about the seawall, the sugar estates and the people who keep the city moving.',
    { youtube: 'https://www.youtube.com/@kwamelewis.demo', spotify: 'https://open.spotify.com/artist/kwamelewis-demo' }),
  A('devika-ramnarine', 'Devika Ramnarine', 'GY', FEATURED, 100,
    'Choir director and gospel soloist from the Essequibo Coast. She leads a forty-voice youth choir that tours churches from Anna Regina to Lethem.',
    { youtube: 'https://www.youtube.com/@devikaramnarine.demo' }),
  A('demerara-steel-collective', 'Demerara Steel Collective', 'GY', FEATURED, 95,
    'A twelve-piece steel orchestra from Linden playing panorama arrangements, hymns and pop covers. Founded in a school band room, now a fixture of Republic Day celebrations.',
    { instagram: 'https://www.instagram.com/demerarasteel.demo', soundcloud: 'https://soundcloud.com/demerarasteel-demo' }),
  A('rupununi-rebel', 'Rupununi Rebel', 'GY', FEATURED, 80,
    'Dancehall deejay from Lethem who mixes savannah stories with hard-hitting riddims. Known for high-energy sets on both sides of the Takutu River.',
    { instagram: 'https://www.instagram.com/rupununirebel.demo' }),
  A('alicia-bacchus', 'Alicia Bacchus', 'GY', FEATURED, 70,
    'Smooth R&B vocalist with a voice built in church and polished in Georgetown lounges. Her slow jams are late-night radio favourites.',
    { spotify: 'https://open.spotify.com/artist/aliciabacchus-demo', youtube: 'https://www.youtube.com/@aliciabacchus.demo' }),
  A('jomo-adams', 'Jomo Adams', 'GY', APPROVED, 40,
    'Saxophonist and bandleader from Bartica who blends jazz standards with Guyanese folk melodies.'),
  A('nadira-khan', 'Nadira Khan', 'GY', PENDING, 2,
    'Bedroom-pop songwriter from Diamond, East Bank Demerara, sending in her very first single.'),
  // Jamaica
  A('tavia-campbell', 'Tavia Campbell', 'JM', FEATURED, 90,
    'Kingston singjay with a sweet tone and sharp lyrics, equally at home on a one-drop or a dancehall riddim. Her sound system roots go back to her father\'s set in Spanish Town.',
    { instagram: 'https://www.instagram.com/taviacampbell.demo', youtube: 'https://www.youtube.com/@taviacampbell.demo', soundcloud: 'https://soundcloud.com/taviacampbell-demo' }),
  A('delroy-whyte', 'Delroy Whyte', 'JM', APPROVED, 60,
    'Veteran rocksteady and reggae vocalist from Trench Town with five decades of sweet harmonies behind him.'),
  A('shemar-grant', 'Shemar Grant', 'JM', PENDING, 1,
    'Montego Bay producer flipping old mento samples into club tracks.',
    { soundcloud: 'https://soundcloud.com/shemargrant-demo' }),
  // Trinidad & Tobago
  A('kerwin-mohammed', 'Kerwin Mohammed', 'TT', APPROVED, 55,
    'Power soca artist from San Fernando who has played every big Carnival stage from the Queen\'s Park Savannah to Brooklyn.',
    { instagram: 'https://www.instagram.com/kerwinmohammed.demo', spotify: 'https://open.spotify.com/artist/kerwinmohammed-demo' }),
  A('aaliyah-joseph', 'Aaliyah Joseph', 'TT', APPROVED, 50,
    'Calypsonian and storyteller from Arima, carrying the kaiso tradition forward with sharp social commentary and a wicked sense of humour.'),
  A('ravi-maharaj', 'Ravi Maharaj', 'TT', PENDING, 4,
    'Chaguanas DJ and producer blending chutney rhythms with festival-sized drops.'),
  // Barbados
  A('jada-alleyne', 'Jada Alleyne', 'BB', APPROVED, 45,
    'Bajan pop singer with a Crop Over heart and a radio-ready hook for every season.',
    { instagram: 'https://www.instagram.com/jadaalleyne.demo', spotify: 'https://open.spotify.com/artist/jadaalleyne-demo' }),
  A('corey-springer', 'Corey Springer', 'BB', APPROVED, 35,
    'Producer from Oistins making tropical house and electronic soca edits. Sunday-evening beach sets are his home turf.',
    { soundcloud: 'https://soundcloud.com/coreyspringer-demo' }),
  // One each from the smaller catalogues
  A('luciana-flowers', 'Luciana Flowers', 'BZ', APPROVED, 30,
    'Belize City singer weaving Garifuna drumming into warm, contemporary R&B.',
    { youtube: 'https://www.youtube.com/@lucianaflowers.demo' }),
  A('kimani-st-rose', 'Kimani St. Rose', 'LC', APPROVED, 28,
    'Pianist from Castries whose trio plays Caribbean jazz with a kwadril twist. Regulars at island jazz weekends.'),
  A('tricia-charles', 'Tricia Charles', 'GD', APPROVED, 26,
    'Gospel singer from Gouyave whose worship songs are sung in churches across the Spice Isle and beyond.',
    { youtube: 'https://www.youtube.com/@triciacharles.demo' }),
  A('jermaine-laville', 'Jermaine Laville', 'DM', APPROVED, 20,
    'Roseau producer bringing the breakneck energy of bouyon to electronic dance floors.',
    { soundcloud: 'https://soundcloud.com/jermainelaville-demo' }),
  A('nikoy-ollivierre', 'Nikoy Ollivierre', 'VC', APPROVED, 18,
    'Soca artist from Bequia who turns island-hopping into anthems for Vincy Mas.',
    { instagram: 'https://www.instagram.com/nikoyollivierre.demo' }),
  A('calvin-samuel', 'Calvin Samuel', 'AG', APPROVED, 15,
    'Antiguan calypsonian and bandleader, a steady contender in the Carnival monarch competition.'),
  A('darius-rolle', 'Darius Rolle', 'BS', APPROVED, 10,
    'Nassau singer-songwriter mixing Junkanoo drums and horns with bright, upbeat pop.',
    { spotify: 'https://open.spotify.com/artist/dariusrolle-demo', instagram: 'https://www.instagram.com/dariusrolle.demo' }),
  A('kendra-ferguson', 'Kendra Ferguson', 'BS', PENDING, 3,
    'Freeport gospel singer recording her first worship album with her home church choir.'),
];

export interface DemoTrack {
  artist: string;
  title: string;
  genre: Genre;
  status: TrackStatus;
  bpm: number | null;
  songKey: string | null;
  explicit: boolean;
  featured: boolean;
  daysAgo: number;
}

const T = (
  artist: string,
  title: string,
  genre: Genre,
  status: TrackStatus,
  daysAgo: number,
  extra: Partial<Pick<DemoTrack, 'bpm' | 'songKey' | 'explicit' | 'featured'>> = {},
): DemoTrack => ({
  artist,
  title,
  genre,
  status,
  daysAgo,
  bpm: extra.bpm ?? null,
  songKey: extra.songKey ?? null,
  explicit: extra.explicit ?? false,
  featured: extra.featured ?? false,
});

export const DEMO_TRACKS: readonly DemoTrack[] = [
  T('kwame-lewis', 'Seawall Sunset', 'Reggae', 'approved', 105, { bpm: 76, songKey: 'A minor' }),
  T('kwame-lewis', 'Stabroek Market Skank', 'Reggae', 'pending', 3, { bpm: 82 }),
  T('delroy-whyte', 'Trench Town Harmony', 'Reggae', 'approved', 58, { bpm: 72, songKey: 'G major' }),
  T('shanice-persaud', 'Mash Road March', 'Soca', 'approved', 115, { bpm: 158, songKey: 'C major', featured: true }),
  T('kerwin-mohammed', 'Jump and Wave', 'Soca', 'approved', 52, { bpm: 160 }),
  T('nikoy-ollivierre', 'Bequia Bound', 'Soca', 'approved', 16, { bpm: 150, songKey: 'D major' }),
  T('ravi-maharaj', 'Chaguanas Fete', 'Soca', 'pending', 4, { bpm: 155 }),
  T('aaliyah-joseph', 'Kaiso for the Yard', 'Calypso', 'approved', 48, { bpm: 118 }),
  T('calvin-samuel', 'Wadadli Road', 'Calypso', 'approved', 14, { bpm: 122, songKey: 'F major' }),
  T('calvin-samuel', 'Old Talk', 'Calypso', 'rejected', 12),
  T('rupununi-rebel', 'Savannah Fire', 'Dancehall', 'approved', 78, { bpm: 98, explicit: true }),
  T('rupununi-rebel', 'Border Ting', 'Dancehall', 'rejected', 20, { bpm: 100, explicit: true }),
  T('tavia-campbell', 'Kingston Skyline', 'Dancehall', 'approved', 88, { bpm: 96, songKey: 'E minor' }),
  T('devika-ramnarine', 'Essequibo Hallelujah', 'Gospel', 'approved', 98, { bpm: 84, songKey: 'Bb major', featured: true }),
  T('devika-ramnarine', 'River of Mercy', 'Gospel', 'approved', 60, { bpm: 68 }),
  T('tricia-charles', 'Spice Isle Praise', 'Gospel', 'approved', 25, { bpm: 112, songKey: 'E major' }),
  T('tricia-charles', 'Still Waters Rising', 'Gospel', 'approved', 22, { bpm: 70 }),
  T('kendra-ferguson', 'Morning Mercy', 'Gospel', 'pending', 3),
  T('alicia-bacchus', 'Midnight in Linden', 'R&B', 'approved', 68, { bpm: 72, songKey: 'Eb major' }),
  T('alicia-bacchus', 'Stay a While', 'R&B', 'pending', 2, { bpm: 66 }),
  T('luciana-flowers', 'Garifuna Heart', 'R&B', 'approved', 29, { bpm: 90 }),
  T('jada-alleyne', 'Crop Over Crush', 'Pop', 'approved', 44, { bpm: 116, songKey: 'A major' }),
  T('jada-alleyne', 'Sunburn', 'Pop', 'rejected', 9, { explicit: true }),
  T('darius-rolle', 'Junkanoo Summer', 'Pop', 'approved', 9, { bpm: 120, featured: true }),
  T('nadira-khan', 'Diamond Lights', 'Pop', 'pending', 2, { bpm: 104 }),
  T('corey-springer', 'Oistins Nights', 'Electronic', 'approved', 34, { bpm: 124, songKey: 'F# minor' }),
  T('corey-springer', 'Rum Punch Drop', 'Electronic', 'rejected', 7, { bpm: 128, explicit: true }),
  T('jermaine-laville', 'Bouyon Circuit', 'Electronic', 'approved', 19, { bpm: 140 }),
  T('shemar-grant', 'Mento Machine', 'Electronic', 'pending', 1, { bpm: 122 }),
  T('jomo-adams', 'Bartica Blue', 'Jazz', 'approved', 38, { bpm: 92, songKey: 'Db major' }),
  T('kimani-st-rose', 'Castries Quadrille', 'Jazz', 'approved', 27, { bpm: 110, songKey: 'F major' }),
  T('demerara-steel-collective', 'Pan on the Seawall', 'Steel Drum', 'approved', 93, { bpm: 128, songKey: 'C major', featured: true }),
  T('demerara-steel-collective', 'Linden Panorama', 'Steel Drum', 'approved', 85, { bpm: 132 }),
  T('demerara-steel-collective', 'Amazing Grace (Pan Hymn)', 'Steel Drum', 'approved', 75, { bpm: 64, songKey: 'G major' }),
];

export interface DemoPlayed {
  /** Artist key and track title: history is drawn from the demo catalogue. */
  artist: string;
  title: string;
  minutesAgo: number;
  withArt: boolean;
}

/** Oldest first: inserted in this order, so the newest gets the highest seq. */
export const DEMO_HISTORY: Record<Tenant, readonly DemoPlayed[]> = {
  watzhott: [
    { artist: 'shanice-persaud', title: 'Mash Road March', minutesAgo: 24, withArt: true },
    { artist: 'tavia-campbell', title: 'Kingston Skyline', minutesAgo: 20, withArt: true },
    { artist: 'kwame-lewis', title: 'Seawall Sunset', minutesAgo: 15, withArt: false },
    { artist: 'corey-springer', title: 'Oistins Nights', minutesAgo: 10, withArt: true },
    { artist: 'demerara-steel-collective', title: 'Pan on the Seawall', minutesAgo: 4, withArt: true },
  ],
  caribbean: [
    { artist: 'devika-ramnarine', title: 'Essequibo Hallelujah', minutesAgo: 26, withArt: true },
    { artist: 'tricia-charles', title: 'Spice Isle Praise', minutesAgo: 21, withArt: true },
    { artist: 'demerara-steel-collective', title: 'Amazing Grace (Pan Hymn)', minutesAgo: 16, withArt: false },
    { artist: 'tricia-charles', title: 'Still Waters Rising', minutesAgo: 11, withArt: true },
    { artist: 'devika-ramnarine', title: 'River of Mercy', minutesAgo: 5, withArt: true },
  ],
};
