/**
 * The signs that a conversation is no customer inquiry, for real-inquiry.ts: each kind of sign (a wrong number, a
 * sales pitch, a vendor or campaign call, a robocall or survey, a test, a prank) with its strength, who may show it,
 * and its cues; and the cues that answer a doubt (a need of the caller's own, the agent saying it is the right place).
 */
import { anyOf, type Cue, cue, gap, optional } from './cue.js';
import { MACHINE } from './lexicon.js';
import {
  BUSINESS_FUNCTIONS,
  BUSINESSES,
  CLIENT_BUSINESSES,
  CONTACT_DETAILS,
  DECIDERS,
  followedBy,
  MARKETING_TOPICS,
  maybe,
  NOT_A_NAME,
  NUMBER,
  ORGANISATIONS,
  SELLER_AUXILIARIES,
  SELLER_VERBS,
} from './real-inquiry-words.js';

export interface Sign {
  kind:
    | 'wrong number'
    | 'sales pitch'
    | 'vendor call'
    | 'fundraising or campaign call'
    | 'robocall or survey'
    | 'test message'
    | 'prank'
    | 'spam message'
    | 'call the agent cut short'
    | "non-customer call (the turn model's reading)";
  strength: number;
  cues: readonly Cue[];
  /** Who may show the sign: the caller pitching, or the agent recognising it. */
  speaker: 'user' | 'agent';
  /**
   * A doubt about who is calling (a wrong number, the agent asking whether anyone is there or whether the caller
   * is serious), which a caller asking for something afterwards answers: they are a customer after all.
   */
  answeredByNeed?: boolean;
  /** "We don't need anything": a caller saying so counts only before they have asked for anything. */
  onlyBeforeNeed?: boolean;
}

const INTRO_STRENGTH = 0.2;

export const SIGNS: readonly Sign[] = [
  {
    // The agent ending the call or chat on the caller, or refusing what only a scam or a list seller asks for: an
    // agent does not hang up on a customer. "I'll end this call now", "I'm closing this chat", "I won't share any
    // codes", "please take us off your call list".
    kind: 'call the agent cut short',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      // Not a chat closed for want of a reply: "It looks like you've stepped away, so I'm going to close this chat."
      cue(
        // The look back runs only where the phrase matched, not at every position of every agent sentence.
        `${anyOf('i will', 'i am going to', 'i am', 'i need to', 'i have to', 'going to')} ${anyOf('end', 'ending', 'close', 'closing', 'terminate', 'terminating', 'disconnect', 'disconnecting', 'hang up', 'hanging up')} ${optional(anyOf('on'))}${anyOf('this call', 'the call', 'this chat', 'the chat', 'this conversation', 'our conversation', 'you')}(?<!(?:stepped away|still there|no response|not heard|inactiv|idle|away from|do not hear|did not hear)[^.!?]*)`,
        { negatable: false },
      ),
      cue(
        `${anyOf('take us off', 'remove us from', 'take this number off', 'remove this number from')} ${anyOf('your', 'the')} ${anyOf('call list', 'calling list', 'contact list', 'list', 'mailing list', 'database')}|${anyOf('will not', 'do not', 'can not', 'never')} ${anyOf('share', 'give out', 'read out', 'pass on')} ${optional(anyOf('any', 'the', 'a'))}${anyOf('codes', 'code', 'passwords', 'verification code', 'vehicle details')}|we ${anyOf('do not', 'never')} buy ${optional(anyOf('any', 'marketing'))}${anyOf('leads', 'lists', 'data', 'marketing lists', 'contact lists')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.75,
    speaker: 'user',
    answeredByNeed: true,
    cues: [
      cue(
        `wrong ${anyOf('number', 'place', 'company', 'office', 'airline', 'business', 'department', 'line', 'restaurant', 'store', 'clinic', 'provider', 'one', 'person', 'digits', 'digit')}`,
        { negatable: false },
      ),
      // Reaching the wrong one by one's own act: "I pushed the wrong one", "I must have tapped the wrong contact".
      cue(
        `${anyOf('dialed', 'called', 'rang', 'got', 'have', 'reached', 'dialled', 'hit', 'pushed', 'pressed', 'tapped', 'clicked', 'picked', 'typed', 'texted', 'messaged', 'opened')} the wrong ${anyOf('number', 'one', 'line', 'place', 'digits', 'contact', 'person', 'office', 'company', 'business', 'tab', 'window', 'chat', 'site', 'page', 'link', 'app', 'store', 'restaurant', 'clinic', 'button', 'name')}`,
        { negatable: false },
      ),
      cue(`wrong ${anyOf('site', 'website', 'page', 'chat', 'link', 'app', 'tab', 'window', 'chat window')}`, {
        negatable: false,
      }),
      // Calling by mistake, said of the call itself ("I rang you by accident", "I didn't mean to call"): a
      // notebook "deleted by accident" is a customer's problem, not a misdial.
      cue(
        `${anyOf('meant to', 'i meant to')} ${anyOf('call', 'text', 'ring', 'dial', 'message', 'phone', 'reach')} ${maybe(anyOf('my', 'our'))}${anyOf('brother', 'sister', 'mom', 'mum', 'mother', 'dad', 'father', 'wife', 'husband', 'son', 'daughter', 'grandson', 'granddaughter', 'grandma', 'grandpa', 'aunt', 'uncle', 'cousin', 'friend', 'boyfriend', 'girlfriend', 'boss', 'neighbor', 'neighbour', 'someone else', 'somebody else', 'a friend')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('did not mean to', 'meant to call someone else', 'never meant to')} ${anyOf('call', 'dial', 'ring', 'phone', 'text', 'message', 'press', 'hit', 'do that', 'call you', 'call this number', 'call here')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('called', 'dialed', 'dialled', 'rang', 'phoned', 'texted', 'messaged', 'call', 'dial')} ${gap(3)}${anyOf('by mistake', 'by accident', 'accidentally')}|${anyOf('accidentally', 'mistakenly')} ${maybe(anyOf('have', 'just'))}${anyOf('called', 'dialed', 'dialled', 'rang', 'phoned', 'texted', 'messaged', 'hit call', 'pressed call')}|${anyOf('butt dial', 'butt dialed', 'butt dialled', 'pocket dial', 'pocket dialed', 'pocket dialled')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('hit', 'pressed', 'pushed', 'tapped', 'clicked', 'dialed', 'dialled', 'picked', 'selected')} ${gap(2)}instead of`,
        { negatable: false },
      ),
      cue(
        `${anyOf('mixed up', 'mixed', 'confused', 'switched')} ${maybe(anyOf('the', 'my', 'up the', 'up my'))}${anyOf('numbers', 'number', 'offices', 'contacts')}|${followedBy('i(?: [^ ]+){0,4}', `${anyOf('numbers', 'number', 'digits')} ${anyOf('mixed up', 'confused', 'wrong', 'backwards')}`)}`,
        { negatable: false },
      ),
    ],
  },
  {
    // Someone else had the phone: a child, a pet, a pocket ("she grabbed my phone", "my dog stepped on my phone").
    kind: 'wrong number',
    strength: 0.6,
    speaker: 'user',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('grabbed', 'snatched', 'took', 'got hold of', 'got ahold of', 'was playing with', 'were playing with', 'playing with', 'sat on', 'stepped on')} my ${anyOf('phone', 'cell', 'cellphone', 'mobile', 'tablet', 'ipad')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // "We don't need anything": a caller with no need, unless it closes a call in which they asked for something.
    kind: 'wrong number',
    strength: 0.45,
    speaker: 'user',
    answeredByNeed: true,
    onlyBeforeNeed: true,
    cues: [
      cue(
        `${anyOf('i', 'we')} ${anyOf('do not', 'did not', 'really do not')} ${anyOf('need', 'want')} anything(?! ${anyOf('else', 'more', 'further', 'other')}(?: |$))`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.75,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('have', 'dialed', 'reached', 'called', 'got')} the wrong ${anyOf('number', 'company', 'business', 'place', 'office')}`,
      ),
      // The wrong kind of what the caller wanted: "I think you may have the wrong kind of scanning. We scan sheep."
      cue(`${anyOf('have', 'got', 'reached')} the wrong ${anyOf('kind of', 'sort of', 'type of')} [^ ]+`),
      cue(
        `${anyOf('different', 'another')} ${anyOf('provider', 'company', 'business', 'airline', 'restaurant', 'office')}`,
      ),
      // What the business is not: "We're not a taxi firm.", "we are not the council office"; not "we're not a big
      // firm".
      cue(
        `^${maybe(anyOf('sorry', 'but', 'so', 'and', ','))}we are not ${anyOf('a', 'an', 'the')} (?!${anyOf('big', 'large', 'small', 'huge', 'national', 'chain', 'corporate', 'faceless')} )(?:[^ ]+ ){0,2}${ORGANISATIONS}(?= [.!]|$)`,
        {
          negatable: false,
        },
      ),
      // "There's no Rudy here", "nobody by that name works here"; "no computer here, just me" and "there's no bot
      // here" are no missing person.
      cue(
        `${anyOf('there is no', 'there is nobody', 'there is no one', 'we have no', 'sorry , no', 'sorry no', 'nobody named', 'no one named', 'no one by that name', 'nobody by that name')} (?!${MACHINE} )${gap(1)}${anyOf('on our team', 'here', 'works here', 'who works here', 'working here', 'at this number', 'at this office')}`,
      ),
      // The agent telling the caller where they meant to go: "you may be looking for a restaurant".
      cue(
        `${anyOf('you may be', 'you might be', 'you are probably', 'you may have', 'you might have')} ${anyOf('looking for', 'trying to reach', 'thinking of', 'landed on', 'reached')} ${anyOf('a', 'an', 'the wrong', 'a different', 'another')}`,
        { negatable: false },
      ),
      cue(`wrong ${anyOf('site', 'website', 'page', 'chat', 'number')}`, { negatable: false }),
      // The agent naming the call itself a mistake: "this call may have been made by accident", "a pocket dial".
      cue(
        `call ${gap(3)}${anyOf('made', 'placed', 'dialed', 'dialled')} ${anyOf('by accident', 'by mistake', 'accidentally')}|${anyOf('called', 'dialed', 'dialled', 'rang')} ${gap(2)}${anyOf('by accident', 'by mistake', 'accidentally')}|${anyOf('pocket', 'butt', 'accidental')} ${anyOf('dial', 'call', 'dialed')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.45,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('we do not have', 'there is no', 'there is nobody', 'there is no one', 'we have no')} ${gap(3)}${anyOf('here', 'on our team', 'at this office', 'at this number', 'working here', 'by that name')}`,
        { negatable: false },
      ),
      // The number the caller had is wrong where they found it: "the number on the card may be a misprint".
      cue(
        `${anyOf('may be', 'might be', 'must be', 'could be', 'is probably')} ${maybe(anyOf('a', 'an'))}${anyOf('misprint', 'typo', 'printing error', 'printing mistake', 'old number', 'out of date')}`,
        { negatable: false },
      ),
      // The agent naming the other place the caller meant: "it sounds like you're looking for the County Clerk's office".
      cue(
        followedBy(
          `${anyOf('sounds like', 'seems like', 'looks like', 'i think', 'perhaps', 'maybe')} you ${maybe(anyOf('are', 'were', 'might be', 'may be'))}${anyOf('looking for', 'trying to reach', 'trying to call', 'meaning to call', 'thinking of', 'after', 'wanted', 'meant', 'need', 'want')} ${anyOf('the', 'a', 'an')}${`(?: [^ ]+){0,3}`}`,
          ORGANISATIONS,
        ),
        { negatable: false },
      ),
      // The agent asking whom the caller meant to reach: "were you trying to reach someone in particular?"
      cue(
        `${anyOf('were you', 'are you', 'you were')} ${anyOf('trying to reach', 'looking for', 'meaning to call', 'trying to call', 'given')} ${anyOf('someone', 'somebody', 'a family member', 'a friend', 'a different', 'another', 'a specific person')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // The agent setting what it is against what the caller asked for: "this is the public library, and we don't
    // issue certificates", "this is the bank's assistant, not Tammy".
    kind: 'wrong number',
    strength: 0.35,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        followedBy(
          'this is(?: [^ ]+){1,6}',
          `${anyOf(', not', 'not', ', and we do not', 'and we do not', ', so we do not', 'so we do not', ', we do not', 'we do not', ', and we are not', 'we are not')} [^ ]+`,
        ),
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.3,
    speaker: 'user',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('sorry to bother you', 'sorry for bothering you', 'sorry to have bothered you', 'sorry to disturb', 'sorry for disturbing', 'sorry for disturbance', 'sorry for the disturbance')}`,
      ),
    ],
  },
  {
    kind: 'sales pitch',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('business owner', 'owner or manager', 'decision maker', 'decision-maker', 'owner available', 'the owner available')}`,
      ),
      cue(
        `${anyOf('whoever', 'who', 'person who', 'one who', 'best person to talk to about')} ${maybe(anyOf("'s", 'is'))}(?:(?:(?:is )?(?:in charge of|responsible for)|handles|does|manages|runs|takes care of|looks after|deals with|oversees|approves|decides on) )?${maybe(anyOf('your', 'the'))}${BUSINESS_FUNCTIONS}`,
      ),
      // The one who pays the business's own bills: "whoever pays the bills", "who signs off on invoices".
      cue(
        `${anyOf('whoever', 'who', 'person who', 'someone who', 'somebody who', 'one who')} ${anyOf('pays', 'signs off on', 'approves', 'settles', 'handles')} ${maybe(anyOf('your', 'the'))}${anyOf('bills', 'invoices', 'vendors', 'suppliers', 'accounts payable')}`,
      ),
      cue(
        `(?:who|whoever|person who|someone who) (?:makes|is making|would make|handles) (?:the |your )?(?:[^ ]+ )?(?:purchasing |buying )?decisions|decisions(?<=makes (?:the )?(?:[^ ]+ )?decisions) (?:about|on|for|regarding) your|(?:are you|is this|am i speaking with|am i talking to) the (?:person|one) (?:who|that) (?:handles|makes|decides|is in charge|manages|deals with|looks after)`,
      ),
      cue(`${anyOf('reaching out to', 'calling', 'contacting', 'talking to', 'working with')} ${gap(2)}${BUSINESSES}`),
      cue(
        `${anyOf('open to a', 'interested in a', 'time for a')} ${gap(2)}${anyOf('demo', 'call', 'meeting', 'chat')}`,
      ),
      cue(`we ${maybe(anyOf('can', 'could'))}get ${gap(3)}[^ ]+ like yours`),
      // A seller's offer to client businesses, in any tense, by "we" or "our team": "we place trainers with gyms",
      // "we supply a lot of the places around here", "we've helped similar brands", "our app connects salons".
      cue(
        followedBy(
          `${anyOf('we', 'our (?:team|company|agency|firm|platform|app|software|service|product|network)')} ${SELLER_AUXILIARIES}${SELLER_VERBS}(?: [^ ]+){0,10}`,
          CLIENT_BUSINESSES,
        ),
      ),
      // A staffing agency's offer: "we supply experienced laundry staff, temp or perm", "we place chefs".
      cue(
        `we ${SELLER_AUXILIARIES}${anyOf('supply', 'provide', 'place', 'offer')} (?!${anyOf('our', 'my', 'your own')} )(?:[^ ]+ ){0,4}${anyOf('staff', 'workers', 'temps', 'temporary staff', 'personnel', 'candidates', 'labour', 'labor')}(?: ${anyOf(',', 'temp', 'or', 'perm', 'permanent', 'on', 'for')}|$)`,
      ),
      cue(
        `${anyOf('name of the owner', 'name of your owner', "the owner's name", 'your managing', 'the decision maker', 'talk about hiring', 'chat about hiring')}`,
      ),
      cue(
        `${anyOf('send', 'email', 'mail')} ${anyOf('you', 'them', 'him', 'her', 'over')} ${maybe(anyOf('a', 'our', 'some'))}${anyOf('catalog', 'catalogue', 'brochure', 'information', 'info', 'price list', 'proposal')}`,
      ),
      cue(
        `${anyOf('lower', 'reduce', 'cut', 'save you', 'save on')} ${maybe(anyOf('your', 'the'))}${gap(2)}${anyOf('fees', 'rates', 'rate', 'costs', 'bill', 'bills')} ${anyOf('by', 'up to')}`,
      ),
      cue(
        `${anyOf('eligible for', 'qualify for')} ${maybe(anyOf('a', 'an'))}${anyOf('lower', 'reduced', 'better', 'special')}`,
      ),
      // The call's purpose is an offer: "I'm calling to offer your restaurant a spot on our app".
      cue(
        `${anyOf('calling', 'reaching out', 'writing', 'contacting you', 'here')} to ${anyOf('offer', 'introduce', 'invite you', 'invite your', 'see if you would be interested', 'see if you are interested', 'see if you might be interested', 'pitch', 'present')}`,
      ),
      // A supplier's driver or rep: "a shipment of gloves for your office, is someone there to sign?"
      cue(
        `${anyOf('shipment', 'delivery', 'order')} ${gap(3)}for your ${anyOf('office', 'clinic', 'practice', 'store', 'restaurant', 'shop', 'building')}|${anyOf('someone there to sign', 'someone to sign for', 'anyone there to sign')}`,
      ),
    ],
  },
  {
    // Asking for a decision maker's contact: "can I get the owner's name", "your purchasing manager's WhatsApp",
    // "the best email for the office manager". An upset customer asks for "the manager", not for these roles.
    kind: 'sales pitch',
    strength: 0.45,
    speaker: 'user',
    cues: [
      cue(
        `${DECIDERS} ${optional(`${anyOf('or', 'and')} [^ ]+`)}${maybe("'s")}${maybe(anyOf('direct', 'personal', 'best', 'email or'))}${CONTACT_DETAILS}`,
      ),
      cue(`${CONTACT_DETAILS} ${anyOf('for', 'of')} ${maybe(anyOf('the', 'your'))}${DECIDERS}`),
      // A decision maker's time: "five minutes with the owner", "would the owner have ten minutes this week?"
      cue(
        `${anyOf('minute', 'minutes')} ${anyOf('with', 'of')} ${maybe(anyOf('the', 'your'))}${anyOf(DECIDERS, 'whoever', 'someone who', 'the person who')}|${DECIDERS} ${gap(2)}${anyOf('have', 'got', 'spare', 'free for', 'available for')} ${gap(2)}${anyOf('minute', 'minutes')}`,
      ),
    ],
  },
  {
    kind: 'sales pitch',
    strength: 0.35,
    speaker: 'user',
    cues: [
      cue(MARKETING_TOPICS),
      cue(
        `${anyOf('updating', 'verifying', 'confirming', 'update', 'verify', 'confirm')} ${maybe(anyOf('our', 'your'))}${anyOf('directory', 'listing', 'business information', 'business details', 'records for your business', "business 's", "company 's", 'company name', 'business name', 'business address')}`,
      ),
      // Having looked at the business from outside: "we noticed your reviews", "I noticed your site is outdated".
      cue(
        `${anyOf('we noticed', 'our records show')}|${anyOf('noticed', 'pulled up', 'been looking at', 'went through', 'audited', 'analyzed', 'analysed')} ${maybe('that')}your ${maybe(anyOf('business', 'company', 'google', 'online', 'yelp', 'current'))}${maybe("'s")}${anyOf('website', 'site', 'listing', 'reviews', 'profile', 'page', 'rates', 'ads', 'rankings', 'ranking', 'checkout', 'menu', 'social media', 'instagram', 'store')}`,
      ),
      cue(`we ${anyOf('offer', 'sell', 'provide', 'specialize in')}`),
      cue(`${anyOf('packages starting at', 'plans starting at', 'packages start at')}`),
      // Peers of the business, counted the way a pitch counts them: "a lot of bakeries are overpaying", "we've
      // done it with like 40 flower shops", "many accounting firms in Maple Ridge".
      cue(
        followedBy(
          `${anyOf('a lot of', 'lots of', 'many', 'most', 'most of the', 'dozens of', 'hundreds of', 'thousands of', 'plenty of', 'so many', 'tons of', 'similar', 'like \\d+', 'over \\d+', '\\d\\d+')}(?: the| other)*(?: [^ ]+){0,2}`,
          CLIENT_BUSINESSES,
        ),
      ),
      // Something offered for nothing: "a free thirty-day trial", "I'll do a free comparison", "at no cost to the
      // property", "we can get you a lower rate".
      cue(
        `${anyOf('free', 'complimentary', 'no(?: - |-| )cost')} ${gap(3)}${anyOf('trial', 'demo', 'audit', 'assessment', 'comparison', 'analysis', 'evaluation', 'upgrade', 'review of your')}|${anyOf('at no cost', 'free of charge', 'at no charge')} to ${anyOf('you', 'your', 'the')}|${followedBy(`${anyOf('get', 'give', 'offer', 'save', 'lock')} you(?: an?| into a)*`, `${anyOf('lower', 'better', 'cheaper', 'reduced', 'discounted', 'special', 'fixed')} ${anyOf('rate', 'price', 'deal', 'quote', 'plan')}`)}|${followedBy(`${anyOf('give', 'offer', 'extend')} ${anyOf('you', 'your business', 'your team')}(?: an?| our)*`, anyOf('free', 'complimentary', 'exclusive', 'discounted'))}`,
      ),
      // The business's kind named as one of many: "boutiques like yours", "guys like you".
      cue(`like yours(?<=s like yours)|like you(?<=${anyOf('guys', 'folks', 'people', 'owners')} like you)`),
      // A trade the caller practises for businesses in general: "I do content creation for small businesses".
      cue(
        `(?:businesses|business owners|companies)(?<=(?:^| )(?:i|we)(?: [^ ]+){0,5} (?:for|to|with) (?:(?:small|local|other|independent|area) )?(?:businesses|business owners|companies))`,
      ),
      // A first-person offer to the business itself: "we'd love to feature you", "we're saving guys like you".
      cue(
        `we ${maybe(anyOf('can', 'could', 'will', 'would', 'are going to', 'would love to', 'love to', 'want to', 'would like to'))}${anyOf('feature', 'promote', 'rank', 'showcase')} you|${anyOf('we are', 'we have been', 'we will be', 'we could be', 'we can')} saving ${gap(2)}you`,
      ),
      // Improvement quantified in percent, a pitch's measure: "cuts no-shows by like forty percent", "lift
      // conversion 23% in 30 days".
      cue(
        `${followedBy(`(?:cut(?:s|ting)?|reduc(?:e|es|ing)|lower(?:s|ing)?|sav(?:e|es|ing)|boosts?|increases?|lifts?|grows?|improves?|beat|double|triple)(?: [^ ]+){0,4}(?: by)*(?: ${anyOf('up to', 'about', 'around', 'like', 'over', 'roughly', 'at least', 'nearly', 'almost', 'as much as')})* ${NUMBER}`, anyOf('percent', 'per cent', '%'))}|${followedBy(NUMBER, `${anyOf('percent', 'per cent', '%')} ${anyOf('jump', 'increase', 'boost', 'lift', 'rise', 'growth', 'fewer', 'drop', 'reduction', 'savings', 'faster')}`)}`,
      ),
      // Risk taken off the offer: "no credit card needed", "there's zero commitment", "no obligation".
      cue(
        `${anyOf('no obligation', 'no strings attached', 'zero commitment', 'zero obligation', 'zero risk', 'no credit card needed', 'no credit card required', 'no sign(?: - |-| )?up fee', 'no setup fee', 'no set(?: - |-| )up fee', 'no contract required', 'no long(?: - |-| )term contract', 'no(?: - |-| )brainer', 'money on the table', 'one spot left', 'limited spots')}`,
        { negatable: false },
      ),
      // The business's own operations, as only an outsider selling to it talks of them: "your online presence",
      // "your no-shows", "your bottom line".
      cue(
        followedBy(
          `your(?: ${anyOf('business', 'company', 'practice', 'shop', 'store', 'salon', 'clinic', 'restaurant', 'brand', 'google', 'online')})*(?: 's)*`,
          anyOf(
            'ranking',
            'rankings',
            'search ranking',
            'online presence',
            'visibility',
            'conversion',
            'conversion rate',
            'no(?: - |-| )shows',
            'overhead',
            'overheads',
            'margins',
            'revenue',
            'bottom line',
            'leads',
            'foot traffic',
            'ad spend',
            'marketing budget',
            'operating costs',
            'card swipes',
            'business name',
          ),
        ),
      ),
      // A supplier describing itself: "we are leading manufacturer of rubber soles", "we're a staffing agency".
      cue(
        `we are ${maybe(anyOf('a', 'an', 'the'))}${gap(3)}${anyOf('manufacturer', 'manufacturers', 'supplier', 'suppliers', 'distributor', 'distributors', 'wholesaler', 'wholesalers', 'factory', 'vendor', 'reseller', 'service provider', 'solutions provider')}`,
      ),
      // Offering to send promotional material: "can I send catalogue here?", "I'd like to send over a short
      // overview", "an email I could send profiles to".
      cue(
        followedBy(
          `${anyOf('i', 'we')}(?: [^ ]+){0,3}`,
          `${anyOf('send', 'drop off', 'drop by', 'bring by', 'bring over', 'bring in', 'mail', 'ship', 'email', 'leave')} ${gap(3)}${anyOf('samples', 'sample', 'sample box', 'catalog', 'catalogue', 'catalogs', 'catalogues', 'brochure', 'brochures', 'proposal', 'overview', 'deck', 'profiles', 'resumes', 'cvs', 'media kit', 'rate card', 'price list', 'case study', 'case studies', 'calendly', 'one pager', 'info pack', 'presentation', 'portfolio', 'something over', 'some info over')}`,
        ),
      ),
      // Proposing to work with the business as a partner, or offering it a deal: "we'd love to partner with you",
      // "we would like to offer your venue a discount", "we could redesign it for a flat fee".
      cue(
        `${followedBy(`${anyOf('i', 'we')}(?: [^ ]+){0,3}`, `${anyOf('partner with', 'collaborate with', 'team up with', 'partnering with', 'collaborating with')} you`)}|${followedBy(`we(?: [^ ]+){0,3}`, `${anyOf('offer', 'give', 'extend')} ${anyOf('you', 'your [^ ]+', 'your business', 'businesses')} ${maybe(anyOf('a', 'an', 'our'))}${maybe(anyOf('special', 'exclusive', 'free', 'great'))}${anyOf('discount', 'deal', 'rate', 'promotion', 'trial', 'offer')}`)}|${followedBy(`${anyOf('i', 'we')}(?: [^ ]+){0,4}`, `${anyOf('redesign', 'rebuild', 'optimize', 'optimise', 'modernize', 'modernise', 'revamp', 'automate', 'streamline', 'outsource')} ${anyOf('it', 'that', 'your', 'all of')}`)}`,
      ),
      cue(
        followedBy(
          `${anyOf('i', 'we')}(?: ${anyOf('would', 'could', 'can', 'will')})* ${anyOf('love to', 'be happy to', 'be glad to', 'like to', 'want to', 'help')} ${anyOf('make', 'create', 'build', 'design', 'shoot', 'film', 'write', 'run', 'manage', 'grow', 'boost', 'improve', 'get')}(?: [^ ]+){0,3}`,
          'for your',
        ),
      ),
      // The salesperson's opener: "is this an okay time?"
      cue(
        `${anyOf('is this', 'is now')} ${maybe(anyOf('a', 'an'))}${anyOf('good', 'okay', 'ok', 'bad', 'convenient', 'alright', 'quick')} time`,
      ),
      // A caller introducing themselves by a sales role: "I'm a rep with Summit Web Design".
      cue(
        `${anyOf('a', 'an', 'the', 'your')} ${optional('[^ ]+')}${anyOf('rep', 'sales rep', 'sales representative', 'sales consultant', 'sales manager', 'sales director', 'account executive', 'account manager', 'business development manager', 'business development rep', 'recruiter', 'talent recruiter', 'recruiting consultant')} ${anyOf('with', 'from', 'at', 'for')}`,
      ),
    ],
  },
  {
    // A caller naming the organisation they speak for: "calling on behalf of", "this is Dana with Crestline",
    // "it's Phil from Clinicore Billing", "Derek here with BrightRank", "Jordan from FitStaff Solutions here". Many
    // customers do so too (a school booking a trip, a supplier's driver booking his own truck), so it only
    // corroborates other signs, and the wordings are one cue, counted once.
    kind: 'sales pitch',
    strength: INTRO_STRENGTH,
    speaker: 'user',
    cues: [
      cue(
        // The organisation named after the introduction, not the caller's own home, family or workplace.
        `(?:${[
          `${anyOf('calling', 'reaching out', 'writing', 'contacting you')} ${anyOf('on behalf of', 'from', 'with')}`,
          `${anyOf('this is [^ ]+', 'i am', 'we are')} ${anyOf('from', 'with')}`,
          `${anyOf('i work for', 'i work with', 'i work at', 'i represent', 'we represent')}`,
          `${anyOf('it is', 'my name is')} ${NOT_A_NAME}[^ ]+ ${optional('[^ ]+')}${maybe(anyOf('calling', 'here'))}${anyOf('from', 'with')}`,
          `here(?<!ing here) ${anyOf('from', 'with')}(?! the )`,
        ].join(
          '|',
        )})(?! (?:my|our|the (?:kids|city|county|state|school|hospital|office|estate)|a|an|me|you|him|her|them|family|home|work|apartment|unit|room|myself)(?: |$)) [^ ]+|here(?<=^${maybe(anyOf('hi', 'hey', 'hello', 'hiya', 'morning', 'good morning', 'good afternoon'))}${maybe(',')}[^ ]+ from(?: [^ ]+){0,3} here)`,
      ),
    ],
  },
  {
    // Asking about the business's own supplier and costs, the opening of a switching pitch: "who are you with at the
    // moment?", "what are you paying on your card swipes?", "are you happy with your current provider?".
    kind: 'sales pitch',
    strength: 0.45,
    speaker: 'user',
    cues: [
      cue(
        `who ${anyOf('are you', 'is your business', 'is the business')} ${maybe(anyOf('currently', 'with'))}${anyOf('with', 'using', 'banking with')}(?: ${anyOf('at the moment', 'right now', 'currently', 'now', 'for')}|$| \\?| ,)|what ${anyOf('are you', 'is the business', 'is your business')} ${maybe('currently')}${anyOf('paying', 'spending')}`,
      ),
      cue(
        `${followedBy(`your ${anyOf('current', 'existing', 'present')}(?: [^ ]+){0,2}`, anyOf('provider', 'supplier', 'vendor', 'processor', 'carrier', 'contract', 'setup', 'costs', 'agency'))}|${followedBy(`your ${anyOf('energy', 'electricity', 'gas', 'utility', 'utilities', 'phone system', 'telecom', 'payroll', 'merchant', 'card processing', 'payment processing')}`, anyOf('contract', 'supplier', 'provider', 'costs', 'processor', 'fees', 'bills'))}`,
      ),
    ],
  },
  {
    // A supplier, real or not, chasing payment: "an outstanding invoice on your account", "your balance is now sixty
    // days past due".
    kind: 'vendor call',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('outstanding', 'overdue', 'unpaid', 'past due')} ${anyOf('invoice', 'invoices', 'balance', 'bill', 'payment', 'amount')} ${anyOf('on', 'for', 'from', 'with')} your|${followedBy(`your(?: [^ ]+)? ${anyOf('invoice', 'balance', 'account', 'bill')}(?: [^ ]+){0,4}`, anyOf('past due', 'overdue', 'outstanding', 'unpaid', 'in arrears'))}`,
        { negatable: false },
      ),
    ],
  },
  {
    // A charity or a campaign asking businesses for support: "every year we ask local businesses to help sponsor".
    kind: 'fundraising or campaign call',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('ask', 'asking', 'invite', 'inviting', 'encourage', 'encouraging')} ${maybe('all')}${anyOf('local', 'area', 'community', 'neighborhood', 'neighbourhood')} ${gap(1)}${BUSINESSES} to`,
      ),
      // A campaign's ask: "can we count on your vote", "I'd be honored to have your support".
      cue(
        `${anyOf('count on', 'earn', 'honored to have', 'honoured to have')} your ${anyOf('vote', 'votes', 'support')}(?! ${anyOf('team', 'staff', 'line', 'agent', 'agents', 'department')}(?: |$))|${anyOf('ask for', 'asking for', 'appreciate')} your ${anyOf('vote', 'votes')}`,
      ),
      // The disclaimer political messages carry: "paid for by Carr for Senate".
      cue(`paid for by ${gap(3)}${anyOf('for', 'committee', 'campaign', 'pac', 'friends of')}`, { negatable: false }),
    ],
  },
  {
    kind: 'robocall or survey',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `press ${anyOf('one', '1', 'two', '2', 'three', '3', 'four', '4', 'five', '5', 'six', '6', 'seven', '7', 'eight', '8', 'nine', '9', 'zero', '0', 'star', 'pound')} ${anyOf('now', 'to', 'now to')}`,
      ),
      cue(
        `${anyOf('courtesy call', 'important message about', 'important message regarding', 'final notice', 'loan forgiveness')}`,
      ),
      cue(
        `${anyOf('conducting', 'running')} ${gap(3)}${anyOf('survey', 'poll', 'research', 'study', 'questionnaire', 'interviews')}|doing ${maybe(anyOf('a', 'an'))}${maybe(anyOf('short', 'quick', 'brief'))}${anyOf('survey', 'poll', 'research study')}`,
      ),
      cue(`${anyOf('you may qualify', 'you have been selected', 'you have been pre-approved', 'you qualify')}`),
      // Research for someone else: "I'm doing a bit of market research for a studio opening in Headingley".
      cue(
        `${anyOf('doing', 'carrying out', 'conducting')} ${maybe(anyOf('a bit of', 'some', 'a little'))}${anyOf('market research', 'competitor research', 'mystery shopping')}`,
      ),
      // Questions asked for someone's study: "could someone answer like 5 questions for a survey?"
      cue(
        `${anyOf('answer', 'fill in', 'fill out', 'take', 'complete')} ${gap(4)}${anyOf('questions', 'question')} ${anyOf('for', 'in')} ${anyOf('a', 'my', 'our', 'the', 'this')} ${maybe(anyOf('short', 'quick', 'brief', 'student', 'university', 'uni', 'college', 'school'))}${anyOf('survey', 'study', 'research', 'dissertation', 'thesis', 'questionnaire', 'poll')}`,
      ),
      // The business as the lucky recipient: "your business has been pre-approved", "your practice was selected".
      cue(
        `${anyOf('you', 'your business', 'your company', 'your practice', 'your shop', 'your store', 'your restaurant', 'your clinic', 'your office', 'your salon', 'your firm')} ${anyOf('have been', 'has been', 'was', 'were', 'are', 'is')} ${maybe(anyOf('now', 'already', 'officially'))}${anyOf('pre(?: - |-| )approved', 'preapproved', 'pre(?: - |-| )qualified', 'prequalified', 'selected', 'chosen', 'nominated', 'shortlisted')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('a', 'this is a')} ${anyOf('short', 'quick', 'brief', 'few minute', 'two minute', 'two - minute', 'three minute')} ${gap(3)}${anyOf('survey', 'poll', 'questionnaire')}`,
      ),
      cue(
        `^${maybe(anyOf('a', 'one'))}${anyOf('short', 'quick', 'brief')} ${anyOf('survey', 'poll', 'question for our survey')}|how likely ${anyOf('is', 'are', 'would')} ${anyOf('your business', 'your company', 'you', 'your practice')} ${maybe('be')}to ${anyOf('switch', 'recommend', 'change', 'consider', 'use', 'invest')}`,
      ),
      // What recorded messages say of themselves and of the list they call from.
      cue(
        `${anyOf('this is an', 'this is a')} ${maybe(anyOf('automated', 'recorded', 'pre(?: - |-| )recorded', 'prerecorded'))}${anyOf('automated', 'recorded', 'pre(?: - |-| )recorded', 'prerecorded')} ${anyOf('message', 'call', 'reminder', 'notice')}|${anyOf('removed', 'remove you', 'remove your number', 'taken off', 'take you off', 'take your number off')} ${anyOf('from', 'off')} our ${maybe(anyOf('calling', 'call', 'mailing', 'contact'))}list|${anyOf('stay on the line', 'please hold')} ${anyOf('to speak', 'for the next available', 'for an agent', 'for a representative', 'to be connected')}`,
        { negatable: false },
      ),
      // A message speaking of itself: "this call is from Medicare benefits services", "this message is for the owner".
      cue(
        `${anyOf('this call is', 'this message is', 'this is a call', 'this is a message', 'this is an important call')} ${anyOf('from', 'for the owner', 'for the business owner', 'to inform you', 'intended for')}`,
        { negatable: false },
      ),
      // A threat to the business's standing: "your listing will be suspended today if not verified".
      cue(
        followedBy(
          `your(?: [^ ]+){0,2} ${anyOf('listing', 'account', 'profile', 'page', 'website', 'domain', 'service', 'number', 'line')} ${anyOf('will', 'may', 'could', 'is going to', 'is about to')} be(?: [^ ]+)?`,
          anyOf(
            'suspended',
            'suspend',
            'closed',
            'deactivated',
            'removed',
            'deleted',
            'disconnected',
            'cancelled',
            'canceled',
            'marked',
            'terminated',
            'shut down',
            'flagged',
          ),
        ),
        { negatable: false },
      ),
    ],
  },
  {
    // "We've been trying to reach you": a robocall's opening, though a customer may say it too.
    kind: 'robocall or survey',
    strength: 0.45,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('we have been', 'we are', 'we were')} trying to ${anyOf('reach', 'contact', 'get hold of', 'get in touch with')} you ${anyOf('concerning', 'regarding', 'about your', 'in regards to')}`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'robocall or survey',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      // "Not a recording" is the agent answering a caller, not recognising a robocall.
      cue(`${anyOf('recorded message', 'a recording', 'an automated message', 'a robocall', 'an automated call')}`),
    ],
  },
  {
    // The agent recognising an offer: "I can't take marketing or vendor proposals", "I can't sign the clinic up
    // for trials", "I'm not able to buy advertising", "vendor billing calls aren't transferred". Surveys, polls
    // and marketing services count only refused: a surveyor or an agency offers its own ("We offer asbestos
    // management surveys").
    kind: 'sales pitch',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      cue(
        `${anyOf('sales', 'vendor', 'marketing', 'solar', 'partnership', 'advertising', 'recruitment', 'recruiting', 'staffing')} ${anyOf('meetings', 'inquiries', 'enquiries', 'proposals', 'pitches', 'demos', 'offers')}|${anyOf('business', 'commercial', 'promotional')} ${anyOf('offers', 'proposals', 'pitches', 'solicitations')}|${anyOf('solicitations', 'solicitation', 'sales calls', 'vendor calls', 'vendor solicitations', 'vendor meetings', 'vendors', 'marketing calls')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('vendor', 'vendors', 'supplier', 'sales', 'partnership', 'staffing', 'staffing agency', 'recruiting', 'recruitment', 'sponsorship', 'survey', 'fundraising', 'telemarketing', 'solicitation', 'product')} ${gap(1)}${anyOf('calls', 'offers', 'proposals', 'pitches', 'assessments', 'commitments', 'solicitations')}|${anyOf('staffing', 'staffing agency', 'recruiting', 'recruitment', 'telemarketing', 'lead generation')} services|lead ${anyOf('offers', 'generation offers')}`,
        { negatable: false },
      ),
      cue(
        followedBy(
          `${anyOf('not', 'cannot', 'unable to', 'never')}(?: [^ ]+){0,3} ${anyOf('buy', 'purchase', 'agree to', 'commit to', 'make', `sign ${anyOf('the', 'our')} [^ ]+ up for`, 'sign us up for', 'take part in', 'participate in', 'take on', 'answer', 'set up', 'enter into')}(?: ${anyOf('any', 'the', 'a', 'an')})*`,
          anyOf(
            'advertising',
            'ad space',
            'ads',
            'paid promotions',
            'sponsorship',
            'sponsorships',
            'donations',
            'trials',
            'surveys',
            'survey questions',
            'questionnaires',
            'business surveys',
            'pitches',
            'partnerships',
            'vendor offers',
          ),
        ),
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'sales pitch',
    strength: 0.35,
    speaker: 'agent',
    cues: [
      cue(
        `${anyOf('we are not interested', 'not interested', 'this line is for', 'this line is only for', 'i can only help', 'i am only able to help', 'for customers only')}`,
        { negatable: false },
      ),
      // The agent keeping the channel to customers: "this chat is only set up for customer orders", "I only handle
      // customer moves".
      cue(
        `${followedBy(`${anyOf('this', 'the', 'our')} ${anyOf('line', 'chat', 'number', 'channel', 'inbox', 'assistant')} is(?: ${anyOf('only', 'just')})*(?: ${anyOf('set up', 'here', 'meant', 'intended', 'reserved')})* for(?: ${anyOf('our', 'existing')})*`, anyOf('customer', 'customers', 'client', 'clients', 'member', 'members', 'patient', 'patients', 'guest', 'guests'))}|${followedBy(`i ${anyOf('only', 'just')} ${anyOf('handle', 'help with', 'deal with', 'take', 'take care of')}`, anyOf('customer', 'client', 'member', 'patient', 'guest'))}`,
        { negatable: false },
      ),
      // The agent keeping staff and suppliers private: "I can't share staff contacts", "the bakery's supplier details".
      cue(
        followedBy(
          `${anyOf('not', 'cannot', 'unable to', 'never')}(?: [^ ]+){0,3} ${anyOf('share', 'give out', 'disclose', 'pass on', 'hand out', 'provide')}(?: [^ ]+){0,3}`,
          `${anyOf('staff', 'internal', 'employee', 'employees', 'owner', 'owners', 'supplier', 'vendor', 'team')} ${gap(1)}${anyOf('details', 'contacts', 'contact', 'information', 'info', 'names', 'emails', 'numbers')}`,
        ),
        { negatable: false },
      ),
      // The agent declining for the business: "we're quite happy with our current setup", "we're not looking for
      // billing services".
      cue(
        `${anyOf('we are', 'we are very', 'we are quite', 'we are really', 'we are all')} ${anyOf('happy', 'satisfied', 'set', 'good')} with our ${maybe(anyOf('current', 'existing'))}${anyOf('setup', 'provider', 'supplier', 'vendor', 'system', 'service', 'services', 'agency')}|we are not ${anyOf('looking for', 'in the market for', 'in need of', 'taking on', 'buying')} ${gap(3)}${anyOf('services', 'vendors', 'suppliers', 'providers', 'offers', 'at the moment', 'right now')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // The agent asking whether a live person is there: "is there a person on the line?", "is there a grown-up
    // with you?". A caller who then asks for something answers it.
    kind: 'robocall or survey',
    strength: 0.45,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('is', 'if')} ${maybe(anyOf('there', 'there is'))}${maybe(anyOf('a', 'an'))}${maybe(anyOf('real', 'live', 'actual'))}${anyOf('person', 'human', 'someone', 'somebody', 'anyone', 'anybody')} ${maybe('still')}on the line`,
        { negatable: false },
      ),
    ],
  },
  {
    // A student's study: with questions to answer, the two signs make a survey ("im a uni student doing my
    // dissertation ... would u be able to answer 5 quick questions?"); either alone is a customer's project too.
    kind: 'robocall or survey',
    strength: 0.35,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('doing', 'writing', 'working on', 'researching for')} ${maybe(anyOf('my', 'a', 'our'))}${anyOf('dissertation', 'thesis', 'research project')}`,
      ),
      cue(
        `answer ${maybe(anyOf('a', 'like', 'just'))}(?:[^ ]+ )?${maybe(anyOf('short', 'quick', 'brief', 'few'))}questions`,
      ),
    ],
  },
  {
    // Offering one's own services or CV to the business: "I would like to offer my services to your agency".
    kind: 'sales pitch',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('offer', 'offering', 'propose', 'proposing')} ${anyOf('my', 'our')} ${anyOf('services', 'service', 'expertise', 'skills')}|${anyOf('send', 'forward', 'email')} ${anyOf('my', 'our')} ${anyOf('cv', 'resume', 'portfolio', 'rate card')}`,
      ),
    ],
  },
  {
    // Fraud: an invoice or a card number demanded ("Kindly remit payment via the secure portal", "read me the long
    // number off the card").
    kind: 'spam message',
    strength: 0.7,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('kindly remit', 'remit payment', 'find attached invoice', 'find attached the invoice', 'to avoid late fees', 'to avoid suspension', 'to avoid disconnection')}`,
        { negatable: false },
      ),
      cue(
        `read me ${anyOf('the', 'your')} ${maybe('long')}${anyOf('number', 'card number', 'card details', 'code')}|${anyOf('the card details', 'card details')} ${anyOf('we hold', 'you hold', 'on file', 'for the')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // Spam pasted into a chat: a crypto "giveaway", a prize to claim. No customer writes it.
    kind: 'spam message',
    strength: 0.75,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('crypto', 'bitcoin', 'btc', 'eth', 'ethereum', 'usdt', 'elon', 'airdrop')} ${anyOf('giveaway', 'give away', 'doubler', 'doubling', 'airdrop')}|send ${gap(2)}${anyOf('btc', 'bitcoin', 'eth', 'usdt', 'crypto')} ${gap(3)}${anyOf('get', 'receive', 'and get')}|${anyOf('claim your', 'collect your')} ${maybe(anyOf('free', 'cash', 'exclusive'))}${anyOf('prize', 'reward', 'winnings', 'gift card', 'bonus')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // The agent naming the message spam: "That looks like spam, so I'll skip it." A caller asking about
    // something real afterwards answers it.
    kind: 'spam message',
    strength: 0.6,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        `${anyOf('looks like', 'seems like', 'seems to be', 'appears to be', 'that is', 'this is')} ${maybe(anyOf('a', 'just', 'some'))}${anyOf('spam', 'a spam message', 'junk', 'a bot message', 'automated spam')}(?! ${anyOf('filter', 'folder', 'email', 'text', 'call', 'you received', 'you got')}(?: |$))`,
        { negatable: false },
      ),
    ],
  },
  {
    kind: 'prank',
    strength: 0.45,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(
        `is there ${anyOf('a', 'an')} ${anyOf('grown(?: - |-| )up', 'grownup', 'adult', 'parent', 'mom', 'dad', 'mommy', 'daddy')} ${anyOf('with you', 'there', 'nearby', 'around', 'i can talk to', 'i could talk to')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // The agent doubting that the caller means it: "were you wanting to order something for real?", "I can help
    // with real consultations", "did you have an actual design in mind?", "if you're not booking, I'll let you go".
    kind: 'prank',
    strength: 0.45,
    speaker: 'agent',
    answeredByNeed: true,
    cues: [
      cue(`${anyOf('something', 'anything', 'order', 'book', 'buy', 'want', 'need')} ${gap(2)}for real`, {
        negatable: false,
      }),
      cue(
        `${anyOf('help with', 'help you with', 'here for', 'only do', 'only take', 'only handle')} ${anyOf('real', 'actual', 'genuine', 'serious')} ${anyOf('orders', 'consultations', 'questions', 'requests', 'bookings', 'appointments', 'inquiries', 'enquiries', 'customers', 'calls')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('do you', 'did you', 'if you ever', 'if you', 'when you')} ${anyOf('have', 'want', 'need')} ${anyOf('a', 'an', 'any')} ${anyOf('real', 'actual', 'genuine', 'serious')}`,
        { negatable: false },
      ),
      cue(
        `${anyOf('are you', 'is this', 'is that', 'was that', 'were you')} ${gap(2)}${anyOf('a', 'an')} ${anyOf('real', 'actual', 'genuine', 'serious')} ${anyOf('order', 'booking', 'request', 'question', 'appointment', 'reservation', 'inquiry', 'enquiry', 'customer', 'call')}`,
        { negatable: false },
      ),
      cue(
        `if you are not ${gap(1)}${anyOf('booking', 'ordering', 'buying', 'calling about', 'calling for', 'calling to', 'a customer', 'a patient', 'serious', 'here to')}`,
        { negatable: false },
      ),
    ],
  },
  {
    // A message that is the word "test" and nothing more: a tester, or a customer checking the chat works before
    // the real question ("test" ... "oh good, this thing froze on me yesterday. can we bring our dog?").
    kind: 'test message',
    strength: 0.75,
    speaker: 'user',
    answeredByNeed: true,
    cues: [
      cue(
        `^${maybe(anyOf('this is', 'just', 'only'))}${maybe('a')}${anyOf('test', 'testing')}(?: (?:testing|test|one two three|1 2 3|123|,|\\.|!|call|message|please|ignore|ignore this))*$`,
      ),
    ],
  },
  {
    kind: 'test message',
    strength: 0.75,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('this is just a test', 'just a test', 'this is a test', 'only a test', 'a test call', 'test scenario', 'qa team', 'quality assurance team', 'just testing', 'the line works', 'phone line works', 'you can ignore me', 'ignore this call')}`,
        { negatable: false },
      ),
      // Checking that a line or a setup works: "just checking the new lines", "testing the routing for line four".
      cue(
        `${anyOf('checking', 'testing', 'test', 'trying out', 'making sure')} ${maybe(anyOf('the', 'our', 'your', 'this', 'that the', 'the new', 'our new', 'this new'))}${maybe(anyOf('new', 'phone', 'main', 'front desk', 'after hours', 'after - hours'))}${anyOf('line', 'lines', 'phone line', 'phone lines', 'routing', 'phone system', 'greeting', 'ivr', 'setup', 'forwarding', 'call forwarding')}(?! ${anyOf('item', 'items', 'up', 'of')}(?: |$))`,
        { negatable: false },
      ),
      cue(
        `${anyOf('not a real', 'a fake', 'pretend')} ${gap(1)}${anyOf('order', 'call', 'return', 'scenario', 'request', 'booking', 'customer', 'i bought')}`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    // A voice test: "testing testing", "test one two". A caller checking their own bad line says it too, and then
    // asks for something ("hello testing testing can you hear me ... have you got a bed for tomorrow").
    kind: 'test message',
    strength: 0.75,
    speaker: 'user',
    answeredByNeed: true,
    cues: [
      cue('testing testing', { negatable: false }),
      cue(
        `^${maybe(anyOf('hello', 'hi', 'okay', 'ok'))}${anyOf('testing', 'test')} ${anyOf('one two', '1 2', '123', 'one two three', '1 2 3', 'testing')}`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    kind: 'test message',
    strength: 0.6,
    speaker: 'agent',
    cues: [
      cue(`${anyOf('a test call', 'this is a test', 'a test scenario', 'test call', 'test scenario')}`, {
        negatable: false,
      }),
    ],
  },
  {
    kind: 'wrong number',
    strength: 0.45,
    speaker: 'agent',
    answeredByNeed: true,
    // The agent telling a caller who rang back a spoofed or spam call that the business never called.
    cues: [
      cue(`${anyOf('we did not call you', 'did not call you', 'spoofed', 'spoofed number')}`, { negatable: false }),
    ],
  },
  {
    kind: 'prank',
    strength: 0.6,
    speaker: 'agent',
    cues: [cue(`${anyOf('a joke call', 'a prank call', 'a prank', 'joke call', 'prank call')}`, { negatable: false })],
  },
  {
    kind: 'prank',
    strength: 0.6,
    speaker: 'user',
    cues: [
      cue(
        `${anyOf('prank', 'prank call', 'just bored', 'just messing with you', 'just kidding around', 'tell me a joke', 'is your refrigerator running', 'is your fridge running', 'dared me', 'on a dare', 'for a dare', 'my mate dared', 'my friend dared')}`,
        {
          negatable: false,
        },
      ),
    ],
  },
  {
    // Flirting with the agent: "are you single?", "will you marry me?"
    kind: 'prank',
    strength: 0.45,
    speaker: 'user',
    cues: [
      cue(
        `(?:are you|r u|if (?:you are|she is|he is)|is (?:she|he)) single|(?:will|would) you (?:marry me|go out with me)`,
        { negatable: false },
      ),
    ],
  },
  {
    // Customers laugh too: laughter only adds to other signs. So does talking about the agent to someone else in
    // the room ("dude, he said he's a real person").
    kind: 'prank',
    strength: 0.35,
    speaker: 'user',
    cues: [
      cue(`${anyOf('ha(?:ha){2,}', 'lmao+', 'hang up hang up')}`, { negatable: false }),
      cue(
        followedBy(
          `${anyOf('he', 'she', 'it')}(?: just)*`,
          `said ${anyOf('he', 'she', 'it')} ${anyOf('is', 'was')} ${maybe(anyOf('a', 'an'))}${anyOf('real', 'human', 'person', 'robot', 'bot', 'single')}`,
        ),
        { negatable: false },
      ),
    ],
  },
];

/** After a doubt about who is calling (a wrong number, "is anyone there?"), a caller who asks for something is a customer. */
export const REAL_NEED_CUES: readonly Cue[] = [
  cue(
    // "can you hear me" checks the line; it asks for nothing.
    `${anyOf('do you', 'can you', 'could you', 'can i', 'could i', 'do you guys', 'have you got', 'have you any', 'i need', 'i want', 'i would like', 'since i have you', 'while i have you')}(?! ${anyOf('hear me', 'hear us', 'still hear')}(?: |$))`,
  ),
  // Asking what the business has to offer: "is there still room in Saturday's spin class?", "how much is a cleaning?"
  cue(
    `${anyOf('is there', 'are there')} ${maybe('still')}${maybe(anyOf('any', 'a', 'an'))}${anyOf('room', 'space', 'availability', 'spot', 'spots', 'opening', 'openings', 'slot', 'slots', 'appointment', 'appointments', 'table', 'tables', 'seats', 'seat')}|how much ${anyOf('is', 'are', 'does', 'do', 'would', 'for', 'to')}|what time ${anyOf('do', 'does', 'is', 'are')}|are you ${maybe('guys')}open`,
  ),
];

/** The agent telling a caller who feared a wrong number that they have come to the right place. */
export const RIGHT_PLACE_CUES: readonly Cue[] = [
  cue(
    `${anyOf('you have', 'you have come to', 'you reached', 'you have reached', 'this is', 'you are in', 'you are at', 'you called', 'you have called', 'you got')} the right ${anyOf('place', 'number', 'office', 'people', 'spot', 'line', 'clinic', 'shop', 'store')}`,
  ),
];

/**
 * A caller's own dealings with the business: their order, booking, file or account, or what it is doing for them.
 * A seller speaks of "your" account and "our" platform; a supplier chasing payment, of "our" invoice.
 */
export const OWN_DEALINGS_CUES: readonly Cue[] = [
  cue(
    `${anyOf('my', 'our')} ${maybe(anyOf('existing', 'current', 'upcoming', 'last', 'recent', 'new', 'online'))}${anyOf('order', 'booking', 'account', 'file', 'appointment', 'reservation', 'policy', 'claim', 'application', 'parcel', 'installation', 'ticket', 'tickets', 'subscription', 'membership', 'case', 'repair', 'refund', 'purchase', 'prescription', 'lesson', 'lessons')}(?! ${anyOf('manager', 'managers', 'software', 'system', 'platform', 'team')}(?: |$))|the file (?:is|'s) under|when (?:is|'s) your ${anyOf('engineer', 'technician', 'fitter', 'driver', 'installer')} ${anyOf('coming', 'due', 'arriving')}`,
  ),
];

/**
 * A caller denying the agent's reading of them ("I'm not selling anything for goodness' sake, I'm a teacher"): the
 * agent's guess that it was a pitch no longer counts. Their own words still do.
 */
export const DENIES_SELLING: readonly Cue[] = [
  cue(
    `${anyOf('i am not selling', 'not selling anything', 'i am not a salesman', 'i am not a salesperson', 'i am not a sales rep', 'not a sales call', 'i am not trying to sell', 'not trying to sell you anything', 'i am not a cold caller', 'i am not fundraising', 'not asking for money', 'not asking for donations', 'not a pitch', 'i am not pitching')}`,
    { negatable: false },
  ),
];

/**
 * A salesperson who turns to a need of their own ("while I have you, do you take Delta?", "Actually — slightly off
 * script — I'm going to Cebu in March with my son") is a customer too.
 */
export const PIVOT_CUES: readonly Cue[] = [
  cue(
    `${anyOf('while i have you', 'since i have you', 'while i have got you', 'since i have got you', 'while i am on the line', 'while i am on the phone', 'on another note', 'on a separate note', 'unrelated', 'off script', 'off topic', 'on a personal note', 'for myself', 'as a patient', 'as a customer', 'i am also a customer', 'i am a customer', 'personal question')}`,
    { negatable: false },
  ),
  // "Ha, okay, fair. Actually, yes. Personally. My card got charged twice."
  cue(`^${optional(anyOf('actually', 'but'))}${optional(',')}personally(?: [.,!])*$`, { negatable: false }),
];

/**
 * A caller's question about where they are, who is there or what the agent is, or for somewhere to send things:
 * it asks nothing of the business ("oh this is not her mobile?", "is there an inbox I can send CVs to?").
 */
export const CHECKS_THE_LINE = new RegExp(
  `^(?:(?:oh|so|wait|sorry|hello|hi|um|uh|,) )*(?:is this|is that|is it|this is not|that is not|are you|who is|who am i|where is|what is this|what number|have i|did i|can you hear)(?: |$)|(?:^| )(?:number|mobile|phone number|wrong|inbox|cv|cvs)(?: |$)|(?:^| )are you ${optional(anyOf('a', 'an', 'just', 'actually', 'really'))}(?:${MACHINE}|person|human|real)(?: |$)`,
);

/** What a caller says who has not yet said what they want: greetings, fillers, "are you there". */
export const NOTHING_ASKED =
  /^(?:(?:hello|hi|hey|yes|yeah|no|uh|um|hm+|oh|okay|is anyone there|anybody there|is someone there|can you hear me|sorry|[?.!,-])(?: |$))*$/;
