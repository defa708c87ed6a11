/**
 * The words real-inquiry-signs.ts builds its cues from: the kinds of businesses a seller calls on and what they
 * offer them, the functions and roles a seller asks for, places of business, marketing topics, and the pattern
 * helpers the cues share.
 */
import { anyOf } from './cue.js';

/** Kinds of businesses a salesperson says they call on or serve; kept narrow where a customer may say it too. */
export const BUSINESSES = anyOf(
  'businesses',
  'companies',
  'practices',
  'offices',
  'dealerships',
  'restaurants',
  'clinics',
  'firms',
  'shops',
  'brands',
  'owners',
  'brokerages',
  'agencies',
  'contractors',
);
/**
 * The clients a seller names in their own offer ("we place trainers with gyms", "we supply a lot of the places
 * around here", "guys like you"): only after a seller's verb, where a customer calling around would not use them.
 */
export const CLIENT_BUSINESSES = anyOf(
  BUSINESSES,
  '(?:gym|studio|salon|spa|cafe|bar|hotel|store|retailer|merchant|dentist|doctor|chiropractor|vet|veterinarian|lawyer|attorney|accountant|realtor|plumber|electrician|roofer|landscaper|mover|mechanic|garage|place|nonprofit)s',
  'bakeries',
  'pharmacies',
  '[^ ]+ like (?:you|yours)',
);
/** What a seller does for client businesses, in the forms a pitch uses ("we help", "our app helps", "helping"). */
export const SELLER_VERBS = anyOf(
  'help(?:s|ed|ing)?',
  'offer(?:s|ing)?',
  'provid(?:es?|ing)',
  'suppl(?:y|ies|ying)',
  'serv(?:es?|ing)',
  '(?:work(?:s|ing|ed)?|partner(?:s|ing)?) with',
  'speciali[sz]es? in',
  'plac(?:es?|ing)',
  'connect(?:s|ing)?',
  'featur(?:es?|ing)',
  'promotes?',
  'sell(?:s|ing)? to',
  'takes? over',
  'caters? to',
  'giving',
);
/** Words between "we" and a seller's verb: "we can help", "we've already helped", "we're currently offering". */
export const SELLER_AUXILIARIES = `(?:${anyOf('can', 'could', 'will', 'would', 'are', 'have', 'been', 'also', 'already', 'currently', 'mostly', 'really', 'love to', 'do')} )*`;
/** Functions of a business that an outside seller wants its buyer for ("whoever does the books"). */
export const BUSINESS_FUNCTIONS = anyOf(
  'marketing',
  'advertising',
  'payroll',
  '(?:payment processing|payments)',
  '(?:utility bills|utilities)',
  'it',
  'website',
  'seo',
  '(?:purchasing|buying|ordering|procurement)',
  '(?:hiring|recruiting|staffing|hr|human resources)',
  'merchant services',
  '(?:books|bookkeeping|accounts payable)',
  '(?:equipment|supplies|vendors|suppliers)',
  '(?:energy|electricity|phones|telecom)',
  '(?:software|technology|tech)',
  'social media',
  '(?:partnerships|sponsorships|donations)',
);
/** Who, by role, decides on buying: the people a seller asks for or wants the contact of. */
export const DECIDERS = anyOf(
  'owners?',
  'gm',
  'founders?',
  'ceo',
  'hr',
  'buyer',
  'decision(?: - |-| )maker',
  '(?:office|practice|general|purchasing|marketing|it|operations) manager',
);
export const CONTACT_DETAILS = anyOf(
  'name',
  'email',
  'e(?: - |-| )mail',
  'email address',
  'contact',
  'contact details',
  'contact info',
  'direct line',
  'direct number',
  'cell',
  'mobile',
  'whatsapp',
  'linkedin',
);
/** Nouns naming a place of business, for the agent telling a caller which other one they meant. */
export const ORGANISATIONS = anyOf(
  'office',
  'department',
  'clinic',
  'hospital',
  'pharmacy',
  'restaurant',
  'store',
  'shop',
  'company',
  'bank',
  'school',
  'agency',
  'business',
  'practice',
  'firm',
  'center',
  'centre',
  'branch',
  'dealership',
  'salon',
  'library',
  'court',
  'airline',
  'provider',
);
/** Words that cannot be the name in "it's Phil from ...": "it's leaking from", "it's the one with". */
export const NOT_A_NAME = `(?!(?:the|an?|this|that|my|your|our|his|her|their|me|not|just|still|all|also|only|so|too|very|far|in|on|up|out|off|over|fine|okay|free|open|closed|ready|done|[a-z]+(?:ing|ed|ly))(?: |$))`;
/**
 * Words that may come before what follows, as a loop rather than an optional group ("the", "a", "currently"): V8
 * copies the code of what follows an optional group for each way through it, and the cues' compiled code, which
 * the scorer keeps in the processor's caches beside every other check's, came to several megabytes. A repeated
 * function word ("the the") changes no reading.
 */
export function maybe(phrase: string): string {
  return `(?:${phrase} )*`;
}

/** `first`, then `next` in the following token: for cues whose first part is itself a pattern with a gap. */
export function followedBy(first: string, next: string): string {
  return `${first} ${next}`;
}
export const NUMBER = `(?:\\d[\\d,.]*|${anyOf('two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', '[a-z]+teen', '[a-z]+ty(?: [a-z]+)?', 'a hundred', 'a dozen')})`;

export const MARKETING_TOPICS = anyOf(
  'seo',
  'search engine',
  'google (?:business|listing)',
  'business listing',
  'google maps',
  'first page of google',
  'marketing services',
  'digital marketing',
  'marketing agency',
  'lead generation',
  '(?:buyer|qualified) leads',
  'booked jobs',
  'merchant (?:services|solutions)',
  'credit card processing',
  'payment processing',
  'processing fees',
  'payroll (?:costs|services)',
  'energy rates',
  'electricity rate',
  'business loan',
  'business funding',
  'extended warranty',
  'business opportunit(?:y|ies)',
  'special promotion',
  'limited time offer',
  '(?:business|local) directory',
  'directory listing',
  'free listing',
  'contractor pricing',
  'wholesale pricing',
  'recruit(?:er|ing)',
  'staffing (?:agency|needs)',
  'placement',
  'locum',

  'quick demo',
  'case study',
  'commercial solar',
  'solar panels',
  'tax credit',
  'review requests',
  '(?:more|five star) reviews',
  // A business's own utilities and costs, as a broker names them: "business electricity rates".
  `${anyOf('business', 'commercial')} ${anyOf('electricity', 'energy', 'gas', 'utility', 'utilities', 'phone', 'internet')} ${anyOf('rates', 'rate', 'costs', 'contract', 'contracts', 'supplier', 'bills')}`,
  // What a seller's pitch measures itself by.
  'roi',
  'return on investment',
  // A charity's ask.
  'good cause',
  'sponsorships?',
  'fundrais(?:er|ing)',
);
