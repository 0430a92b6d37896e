import type { AdSlot, SponsorTier, Weekday } from '../../../domain/catalog';
import type { CountryCode } from '../../../domain/countries';
import type { SponsorApplicationForm } from '../../../domain/sponsors';
import type { Tenant } from '../../../domain/tenants';
import { slugify } from './demo-content';

// The demo content's schedule and community, as plain data: shows, events, sponsors, prayers
// and ads (its music is in ./demo-content.ts). Every person, business and web address here is
// invented; web addresses use the reserved .example TLD.

export const eventImageUrl = (key: string): string => `/demo/events/${key}.svg`;
export const sponsorLogoUrl = (key: string): string => `/demo/sponsors/${key}.svg`;
export const adImageUrl = (ad: Pick<DemoAd, 'tenant' | 'slot' | 'countries'>): string =>
  `/demo/ads/${ad.tenant}-${ad.slot}${ad.countries.length ? `-${ad.countries.join('-').toLowerCase()}` : ''}.svg`;

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
