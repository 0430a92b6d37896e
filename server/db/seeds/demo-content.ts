import type { AdSlot, Genre, SponsorTier, TrackStatus, Weekday } from '../../../domain/catalog';
import type { CountryCode } from '../../../domain/countries';
import type { SocialKey } from '../../../domain/artists';
import type { SponsorApplicationForm } from '../../../domain/sponsors';
import type { Tenant } from '../../../domain/tenants';

// The demo content of a fresh install, as plain data. seeds/demo.ts turns it into rows;
// scripts/make-demo-images.mjs draws the local SVG images it names. Every person, band,
// business and web address here is invented; web addresses use the reserved .example TLD.

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
export const eventImageUrl = (key: string): string => `/demo/events/${key}.svg`;
export const sponsorLogoUrl = (key: string): string => `/demo/sponsors/${key}.svg`;
export const adImageUrl = (ad: Pick<DemoAd, 'tenant' | 'slot' | 'countries'>): string =>
  `/demo/ads/${ad.tenant}-${ad.slot}${ad.countries.length ? `-${ad.countries.join('-').toLowerCase()}` : ''}.svg`;

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

export interface DemoShow {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  days: Weekday[];
}

const WEEKDAYS_MON_FRI: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const EVERY_DAY: Weekday[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const S = (title: string, startTime: string, endTime: string, days: Weekday[], description: string): DemoShow => ({
  title,
  startTime,
  endTime,
  days,
  description,
});

export const DEMO_SHOWS: Record<Tenant, readonly DemoShow[]> = {
  watzhott: [
    S('Wake Up Caribbean', '06:00', '10:00', WEEKDAYS_MON_FRI, 'Breakfast energy: soca, reggae and the morning headlines from across the region.'),
    S('Weekend Breakfast Lime', '07:00', '11:00', ['Sunday', 'Saturday'], 'Easy weekend grooves, shout-outs and what is happening on every island.'),
    S('Midday Riddims', '10:00', '14:00', WEEKDAYS_MON_FRI, 'Non-stop dancehall and reggae to carry you through the working day.'),
    S('Fresh Uploads', '14:00', '16:00', WEEKDAYS_MON_FRI, 'Brand-new tracks from artists who sent their music to Watzhott.'),
    S('Soca Drive', '16:00', '19:00', WEEKDAYS_MON_FRI, 'Road-march anthems and power soca for the ride home.'),
    S('Island Jazz Lounge', '19:00', '21:00', ['Monday', 'Wednesday'], 'Caribbean jazz, from Castries piano trios to Bartica saxophone.'),
    S('Steel & Strings', '19:00', '21:00', ['Tuesday', 'Thursday'], 'Steel pan, acoustic sets and string bands from Trinidad to Guyana.'),
    S('Friday Fete Warm-Up', '19:00', '22:00', ['Friday'], 'Get ready for the weekend with the hottest soca and dancehall of the week.'),
    S('Quiet Storm', '21:00', '23:00', ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'], 'R&B slow jams and lovers rock to close the night.'),
    S('Caribbean Countdown', '11:00', '14:00', ['Saturday'], 'The twenty most requested songs of the week, counted down live.'),
    S('Calypso & Kaiso', '14:00', '18:00', ['Saturday'], 'Calypso classics and fresh kaiso with a little picong on the side.'),
    S('Reggae Sunday', '14:00', '18:00', ['Sunday'], 'Roots, rocksteady and lovers rock for a slow Sunday afternoon.'),
    S('Dancehall Nights', '22:00', '02:00', ['Friday', 'Saturday'], 'The party starts late: dancehall, soca and club mixes until two in the morning.'),
  ],
  caribbean: [
    S('Morning Devotion', '05:30', '06:30', EVERY_DAY, 'Scripture, a short reflection and prayer to begin the day with God.'),
    S('Sunrise Praise', '06:30', '09:00', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], 'Uplifting gospel and praise music for the morning commute.'),
    S('Sunday Worship Service', '09:00', '12:00', ['Sunday'], 'A live service with hymns, choirs and the Word from churches across the Caribbean.'),
    S('The Morning Word', '09:00', '10:00', WEEKDAYS_MON_FRI, 'Bible teaching for everyday life, one book at a time.'),
    S('Praise Café', '10:00', '12:00', WEEKDAYS_MON_FRI, 'Contemporary Caribbean gospel, requests and encouragement.'),
    S('Saturday Steel Praise', '09:00', '12:00', ['Saturday'], 'Hymns and worship songs played on steel pan by church and community bands.'),
    S('Gospel Hour', '12:00', '13:00', EVERY_DAY, 'An hour of Caribbean gospel: choirs, soloists and praise bands.'),
    S('Hymns & Harmony', '13:00', '16:00', WEEKDAYS_MON_FRI, 'Beloved hymns arranged for choir, piano and steel pan.'),
    S('Drive Time Blessings', '16:00', '19:00', WEEKDAYS_MON_FRI, 'Gospel reggae, gospel soca and good news for the road home.'),
    S('Youth Praise Jam', '15:00', '18:00', ['Saturday'], 'Youth choirs, gospel soca and reggae gospel from young believers across the islands.'),
    S('Sunday Evening Hymn Sing', '17:00', '19:00', ['Sunday'], 'Congregations from Georgetown to Nassau sing the old hymns together.'),
    S('Testimony Time', '19:00', '20:00', ['Monday', 'Tuesday', 'Thursday', 'Friday'], 'Listeners share stories of faith, answered prayer and God at work.'),
    S('Family Bible Study', '19:00', '20:00', ['Wednesday'], 'An open Bible study for the whole family, with questions from listeners.'),
    S('Prayer Line', '20:00', '21:00', EVERY_DAY, 'Send in your prayer requests; our prayer team prays for them live on air.'),
    S('Evening Vespers', '21:00', '22:00', EVERY_DAY, 'Quiet hymns and psalms as the day closes.'),
    S('Night Watch', '22:00', '02:00', EVERY_DAY, 'Soft worship and scripture readings for night-shift workers and anyone awake.'),
  ],
};

export interface DemoEvent {
  key: string;
  title: string;
  /** Days after the seeding moment. */
  daysAhead: number;
  /** Local time in Guyana (UTC-4, no daylight saving). */
  localTime: string;
  locationText: string;
  priceFrom: number | null;
  ticketUrl: string | null;
  isPublic: boolean;
}

export const DEMO_EVENTS: readonly DemoEvent[] = [
  { key: 'soca-sunrise-fete', title: 'Soca Sunrise Fete', daysAhead: 9, localTime: '04:00', locationText: 'National Park, Georgetown, Guyana', priceFrom: 25, ticketUrl: 'https://tickets.watzhott.example/soca-sunrise-fete', isPublic: true },
  { key: 'artist-showcase', title: 'Watzhott Artist Showcase', daysAhead: 12, localTime: '18:00', locationText: 'Watzhott Studio, Georgetown, Guyana', priceFrom: null, ticketUrl: null, isPublic: false },
  { key: 'reggae-on-the-seawall', title: 'Reggae on the Seawall', daysAhead: 16, localTime: '17:00', locationText: 'Kingston Seawall, Georgetown, Guyana', priceFrom: 0, ticketUrl: null, isPublic: true },
  { key: 'sponsor-mixer', title: 'Sponsor & Partner Mixer', daysAhead: 20, localTime: '18:30', locationText: 'Bridgetown, Barbados', priceFrom: null, ticketUrl: null, isPublic: false },
  { key: 'panorama-steel-showcase', title: 'Panorama Steel Showcase', daysAhead: 23, localTime: '19:00', locationText: "Queen's Park Savannah, Port of Spain, Trinidad & Tobago", priceFrom: 30, ticketUrl: 'https://tickets.watzhott.example/panorama-steel-showcase', isPublic: true },
  { key: 'jazz-by-the-bay', title: 'Jazz by the Bay', daysAhead: 34, localTime: '20:00', locationText: 'Pigeon Island, Gros Islet, St. Lucia', priceFrom: 45, ticketUrl: 'https://tickets.watzhott.example/jazz-by-the-bay', isPublic: true },
  { key: 'dancehall-link-up', title: 'Dancehall Link-Up', daysAhead: 41, localTime: '22:00', locationText: 'Emancipation Park, Kingston, Jamaica', priceFrom: 20, ticketUrl: 'https://tickets.watzhott.example/dancehall-link-up', isPublic: true },
  { key: 'junkanoo-beach-jam', title: 'Junkanoo Beach Jam', daysAhead: 55, localTime: '16:00', locationText: 'Arawak Cay, Nassau, The Bahamas', priceFrom: 15, ticketUrl: 'https://tickets.watzhott.example/junkanoo-beach-jam', isPublic: true },
];

export interface DemoSponsor {
  tenant: Tenant;
  key: string;
  name: string;
  tier: SponsorTier;
  targetUrl: string | null;
  active: boolean;
  /** Drawn logo; applications waiting for review have none. */
  hasLogo: boolean;
  application: Pick<SponsorApplicationForm, 'email' | 'budget' | 'goals' | 'message'>;
  daysAgo: number;
}

const SP = (
  tenant: Tenant,
  name: string,
  tier: SponsorTier,
  active: boolean,
  daysAgo: number,
  application: DemoSponsor['application'],
): DemoSponsor => {
  const key = slugify(name);
  return { tenant, key, name, tier, targetUrl: `https://${key.replace(/-/g, '')}.example`, active, hasLogo: active, application, daysAgo };
};

export const DEMO_SPONSORS: readonly DemoSponsor[] = [
  SP('watzhott', 'Island Wave Mobile', 'premium', true, 200, {
    email: 'partners@islandwavemobile.example', budget: '$5,000+', goals: 'Put our 5G network in front of young listeners across all eleven islands.', message: 'Annual premium package, renewed.',
  }),
  SP('watzhott', 'Kaieteur Coffee Roasters', 'standard', true, 150, {
    email: 'hello@kaieteurcoffeeroasters.example', budget: '$1,000 - $2,500', goals: 'Sponsor the breakfast show and reach morning listeners in Georgetown.', message: '',
  }),
  SP('watzhott', 'Bridgetown Surf Co.', 'standard', true, 130, {
    email: 'team@bridgetownsurfco.example', budget: '$1,000 - $2,500', goals: 'Promote our surf school and summer camps to listeners in Barbados.', message: '',
  }),
  SP('watzhott', 'Carnival Threads', 'supporting', true, 90, {
    email: 'orders@carnivalthreads.example', budget: '$500 - $1,000', goals: 'Reach masqueraders before Carnival season with our costume line.', message: '',
  }),
  SP('watzhott', 'Mango Grove Kitchen', 'supporting', true, 60, {
    email: 'eat@mangogrovekitchen.example', budget: '$100 - $500', goals: 'Tell lunchtime listeners about our Caribbean plates and delivery.', message: '',
  }),
  SP('watzhott', 'Rum Shop Records', 'standard', false, 2, {
    email: 'label@rumshoprecords.example', budget: '$2,500 - $5,000', goals: 'Sponsor the Fresh Uploads show and showcase the new artists on our label.', message: 'Could we also talk about a live session at the studio?',
  }),
  SP('caribbean', 'Grace Harbour Credit Union', 'premium', true, 210, {
    email: 'community@graceharbourcreditunion.example', budget: '$5,000+', goals: 'Support faith radio and reach families who share our values of stewardship.', message: 'Annual premium package, renewed.',
  }),
  SP('caribbean', 'Living Word Bookstore', 'standard', true, 160, {
    email: 'shop@livingwordbookstore.example', budget: '$1,000 - $2,500', goals: 'Sponsor Gospel Hour and let listeners know about our Bibles and devotionals.', message: '',
  }),
  SP('caribbean', 'Faith & Family Pharmacy', 'standard', true, 120, {
    email: 'care@faithandfamilypharmacy.example', budget: '$1,000 - $2,500', goals: 'Reach families across Guyana and Barbados with our health services.', message: '',
  }),
  SP('caribbean', 'Hosanna Bakery', 'supporting', true, 80, {
    email: 'bread@hosannabakery.example', budget: '$100 - $500', goals: 'Greet morning devotion listeners with our fresh bread and pastries.', message: '',
  }),
  SP('caribbean', "Shepherd's Rest Guesthouse", 'supporting', true, 50, {
    email: 'stay@shepherdsrestguesthouse.example', budget: '$500 - $1,000', goals: 'Invite church groups and retreats to stay with us in Grenada.', message: '',
  }),
  SP('caribbean', 'New Covenant Print Shop', 'supporting', false, 1, {
    email: 'print@newcovenantprintshop.example', budget: '$100 - $500', goals: 'Let churches know we print programmes, banners and tracts at fair prices.', message: 'We would love to sponsor the Sunday Worship Service.',
  }),
];

export interface DemoPrayer {
  text: string;
  nameOptional: string | null;
  hearts: number;
  approved: boolean;
  hoursAgo: number;
}

const P = (text: string, nameOptional: string | null, hearts: number, hoursAgo: number, approved = true): DemoPrayer => ({
  text,
  nameOptional,
  hearts: approved ? hearts : 0,
  approved,
  hoursAgo,
});

/** The prayer wall lives on the caribbean tenant only. */
export const DEMO_PRAYERS: readonly DemoPrayer[] = [
  P("Please pray for my mother's healing after her surgery at the public hospital in Georgetown.", 'Sister Joan', 24, 5),
  P('Pray for the farmers on the Essequibo Coast, that the rains come at the right time this season.', null, 17, 11),
  P('Giving thanks for the safe delivery of our baby girl, Grace. God is good!', 'Marcia & Dwayne', 42, 20),
  P('For my son sitting his CSEC exams this month: peace of mind and a clear head.', 'A grateful mum', 31, 30),
  P('Pray for the families in the Grenadines still rebuilding their homes after the hurricane.', null, 56, 48),
  P("Strength for our church youth group as we start visiting the children's home every Saturday.", 'Pastor Ray, Bridgetown', 12, 60),
  P('Three months without work now. Praying for a door to open and for patience while I wait.', 'Andre', 19, 75),
  P('Pray for unity in our village and healing between two families who have stopped speaking.', null, 8, 96),
  P('Please pray for my brother travelling to Canada next week to start a new job.', 'Keisha', 0, 1, false),
  P('Pray for my grandfather in hospital in Kingstown, that he rests well tonight.', null, 0, 2, false),
  P('The Night Watch show carries me through my night shifts. Please pray for all the nurses.', 'Nurse Pat', 0, 3, false),
];

export interface DemoAd {
  tenant: Tenant;
  slot: AdSlot;
  /** Advertiser, drawn large on the image. */
  headline: string;
  tagline: string;
  targetUrl: string;
  countries: CountryCode[];
}

const AD = (tenant: Tenant, slot: AdSlot, headline: string, tagline: string, targetUrl: string, countries: CountryCode[] = []): DemoAd => ({
  tenant,
  slot,
  headline,
  tagline,
  targetUrl,
  countries,
});

/** One untargeted ad per hybrid slot per tenant, plus one for listeners in Jamaica. */
export const DEMO_ADS: readonly DemoAd[] = [
  AD('watzhott', 'leaderboard', 'Island Wave Mobile', '5G across the islands', 'https://islandwavemobile.example/5g'),
  AD('watzhott', 'leaderboard', 'Island Wave Mobile Jamaica', 'Kingston launch: double data', 'https://islandwavemobile.example/jamaica', ['JM']),
  AD('watzhott', 'sidebar', 'Kaieteur Coffee', 'Fresh-roasted in Georgetown', 'https://kaieteurcoffeeroasters.example'),
  AD('watzhott', 'infeed', 'Carnival Threads', 'Costumes and fete wear for the season', 'https://carnivalthreads.example/shop'),
  AD('watzhott', 'artists', 'Soundwave Music Supply', 'Instruments and studio gear, island-wide', 'https://soundwavemusicsupply.example'),
  AD('watzhott', 'directory', 'Bridgetown Surf Co.', 'Boards, lessons, good vibes', 'https://bridgetownsurfco.example/lessons'),
  AD('watzhott', 'schedule', 'Mango Grove Kitchen', 'Lunch delivered during Midday Riddims', 'https://mangogrovekitchen.example/order'),
  AD('watzhott', 'footer', 'Island Wave Mobile', 'Top up and stream all day', 'https://islandwavemobile.example/top-up'),
  AD('caribbean', 'leaderboard', 'Grace Harbour Credit Union', 'Banking with integrity since 1962', 'https://graceharbourcreditunion.example'),
  AD('caribbean', 'sidebar', 'Living Word Bookstore', 'Bibles, devotionals and gospel music', 'https://livingwordbookstore.example'),
  AD('caribbean', 'infeed', 'Faith & Family Pharmacy', "Caring for your family's health", 'https://faithandfamilypharmacy.example'),
  AD('caribbean', 'artists', 'Psalm 150 Music', 'Keyboards, drums and choir robes', 'https://psalm150music.example'),
  AD('caribbean', 'directory', 'Hosanna Bakery', 'Fresh bread every morning', 'https://hosannabakery.example'),
  AD('caribbean', 'schedule', "Shepherd's Rest Guesthouse", 'A peaceful retreat in Grenada', 'https://shepherdsrestguesthouse.example'),
  AD('caribbean', 'footer', 'Grace Harbour Credit Union', 'Save for tomorrow, today', 'https://graceharbourcreditunion.example/savings'),
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
