// Fixed pools the dataset generator draws from: real countries, cities, legal forms and
// NACE classes make records plausible; AWKWARD_NAMES make sure the app meets hostile text.
import { NACE_CLASSES } from '../shared/service/classifications';

export interface CountryInfo {
  code: string;
  name: string;
  phonePrefix: string;
  tld: string;
  legalForms: readonly string[];
  cities: readonly string[];
  /** Relative share of companies. */
  weight: number;
}

export const COUNTRIES: readonly CountryInfo[] = [
  { code: 'US', name: 'United States', phonePrefix: '+1', tld: 'com', legalForms: ['Inc.', 'LLC', 'Corp.'], cities: ['New York', 'San Francisco', 'Chicago', 'Austin', 'Boston', 'Seattle', 'Denver', 'Atlanta'], weight: 22 },
  { code: 'GB', name: 'United Kingdom', phonePrefix: '+44', tld: 'co.uk', legalForms: ['Ltd', 'PLC', 'LLP'], cities: ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds', 'Cardiff'], weight: 10 },
  { code: 'DE', name: 'Germany', phonePrefix: '+49', tld: 'de', legalForms: ['GmbH', 'AG', 'KG', 'SE'], cities: ['Berlin', 'München', 'Hamburg', 'Köln', 'Frankfurt am Main', 'Düsseldorf', 'Stuttgart'], weight: 10 },
  { code: 'FR', name: 'France', phonePrefix: '+33', tld: 'fr', legalForms: ['SA', 'SAS', 'SARL'], cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Nantes', 'Lille'], weight: 7 },
  { code: 'NL', name: 'Netherlands', phonePrefix: '+31', tld: 'nl', legalForms: ['BV', 'NV'], cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Den Haag'], weight: 4 },
  { code: 'SE', name: 'Sweden', phonePrefix: '+46', tld: 'se', legalForms: ['AB'], cities: ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala'], weight: 3 },
  { code: 'ES', name: 'Spain', phonePrefix: '+34', tld: 'es', legalForms: ['SA', 'SL'], cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao'], weight: 4 },
  { code: 'IT', name: 'Italy', phonePrefix: '+39', tld: 'it', legalForms: ['S.p.A.', 'S.r.l.'], cities: ['Milano', 'Roma', 'Torino', 'Bologna', 'Napoli'], weight: 4 },
  { code: 'CH', name: 'Switzerland', phonePrefix: '+41', tld: 'ch', legalForms: ['AG', 'GmbH', 'SA'], cities: ['Zürich', 'Genève', 'Basel', 'Bern', 'Lausanne'], weight: 3 },
  { code: 'PL', name: 'Poland', phonePrefix: '+48', tld: 'pl', legalForms: ['Sp. z o.o.', 'S.A.'], cities: ['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Gdańsk'], weight: 3 },
  { code: 'JP', name: 'Japan', phonePrefix: '+81', tld: 'jp', legalForms: ['KK', 'GK'], cities: ['Tokyo', 'Osaka', 'Nagoya', 'Fukuoka', 'Sapporo'], weight: 5 },
  { code: 'CN', name: 'China', phonePrefix: '+86', tld: 'cn', legalForms: ['Co., Ltd.'], cities: ['Shanghai', 'Beijing', 'Shenzhen', 'Guangzhou', 'Hangzhou'], weight: 5 },
  { code: 'IN', name: 'India', phonePrefix: '+91', tld: 'in', legalForms: ['Pvt Ltd', 'Ltd'], cities: ['Mumbai', 'Bengaluru', 'New Delhi', 'Chennai', 'Hyderabad', 'Pune'], weight: 5 },
  { code: 'BR', name: 'Brazil', phonePrefix: '+55', tld: 'com.br', legalForms: ['Ltda.', 'S.A.'], cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba'], weight: 3 },
  { code: 'CA', name: 'Canada', phonePrefix: '+1', tld: 'ca', legalForms: ['Inc.', 'Ltd.', 'Corp.'], cities: ['Toronto', 'Montréal', 'Vancouver', 'Calgary', 'Ottawa'], weight: 3 },
  { code: 'AU', name: 'Australia', phonePrefix: '+61', tld: 'com.au', legalForms: ['Pty Ltd', 'Ltd'], cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide'], weight: 3 },
  { code: 'ZA', name: 'South Africa', phonePrefix: '+27', tld: 'co.za', legalForms: ['(Pty) Ltd'], cities: ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria'], weight: 1 },
  { code: 'NO', name: 'Norway', phonePrefix: '+47', tld: 'no', legalForms: ['AS', 'ASA'], cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger'], weight: 2 },
  { code: 'DK', name: 'Denmark', phonePrefix: '+45', tld: 'dk', legalForms: ['A/S', 'ApS'], cities: ['København', 'Aarhus', 'Odense', 'Aalborg'], weight: 2 },
  { code: 'IE', name: 'Ireland', phonePrefix: '+353', tld: 'ie', legalForms: ['Ltd', 'DAC', 'PLC'], cities: ['Dublin', 'Cork', 'Galway', 'Limerick'], weight: 2 },
];

/** The NACE classes the catalogue knows (one list, shared with the renderer's industry picker). */
export const INDUSTRIES = NACE_CLASSES;

export const NAME_STEMS = [
  'Apex', 'Northwind', 'Bluebird', 'Cedar', 'Summit', 'Harbor', 'Ironwood', 'Lumen', 'Meridian', 'Nimbus',
  'Orion', 'Pioneer', 'Quantum', 'Redwood', 'Sterling', 'Tidewater', 'Vertex', 'Willow', 'Zenith', 'Atlas',
  'Beacon', 'Cobalt', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Helix', 'Aurora', 'Juniper', 'Keystone',
  'Lighthouse', 'Maple', 'Nova', 'Oakridge', 'Polaris', 'Riverside', 'Silverline', 'Trident', 'Unity', 'Vanguard',
  'Brightwater', 'Crescent', 'Driftwood', 'Ember', 'Foxglove', 'Goldcrest', 'Highland', 'Ivory', 'Kestrel', 'Lakeshore',
];

export const NAME_WORDS = [
  'Analytics', 'Energy', 'Logistics', 'Foods', 'Capital', 'Systems', 'Pharma', 'Motors', 'Solutions', 'Technologies',
  'Partners', 'Industries', 'Holdings', 'Networks', 'Materials', 'Health', 'Media', 'Robotics', 'Retail', 'Bank',
  'Insurance', 'Construction', 'Labs', 'Consulting', 'Software', 'Renewables', 'Aviation', 'Hotels', 'Chemicals', 'Steel',
];

export const SURNAMES = [
  'Smith', 'Johnson', 'Müller', 'Schmidt', 'Dubois', 'Martin', 'Rossi', 'García', 'Nowak', 'Jansen',
  'Andersson', 'Tanaka', 'Suzuki', 'Wang', 'Li', 'Patel', 'Sharma', 'Silva', 'Santos', "O'Brien",
  'Murphy', 'Larsen', 'Hansen', 'Kowalski', 'Fischer', 'Weber', 'Bernard', 'Moreau', 'Bianchi', 'López',
  'Nguyen', 'Kim', 'Brown', 'Taylor', 'Wilson', 'Ødegård', 'Åkesson', 'Żółkowski', 'Novák', 'Van der Berg',
];

/** Names that break naive CSV/XLSX writers, layout or escaping (formula injection, quotes, newlines, scripts). */
export const AWKWARD_NAMES = [
  '=SUM(A1:A9) Holdings',
  '+49 Trading',
  '-minus Logistics',
  '@home Networks',
  '"Quoted" Widgets',
  'Comma, Colon: and Semicolon; Ltd',
  'Line\nBreak Industries',
  'Tab\tSeparated Foods',
  '株式会社サンプル',
  'Société Générale d’Études',
  'Ελληνική Ναυτιλία',
  'Компания Север',
  'شركة الخليج',
  'Zürcher Kantonal Ökobau',
  '🚀 Rocket Labs',
  '<script>alert(1)</script> Media',
  "O'Reilly & Sons",
  '   Leading Spaces Capital',
  'Back\\slash Partners',
  'Very Long Name International Holdings Consolidated Group of Companies for Testing Column Widths',
];

export const STREETS = [
  'Main Street', 'High Street', 'Hauptstraße', 'Rue de la Paix', 'Via Roma', 'Calle Mayor', 'Market Square',
  'Station Road', 'Park Avenue', 'Kungsgatan', 'ul. Długa', 'Harbour View', 'Industrieweg', 'Chome-2', 'Avenida Paulista',
];

export const TAGS = ['listed', 'family-owned', 'state-owned', 'startup', 'b-corp', 'exporter', 'subsidiary', 'cooperative'];
