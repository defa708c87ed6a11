/**
 * Families of wording found in the spent batch eval/fresh-7 (read after its last run), beside its booking
 * families: a caller denying the agent's guess that they were selling, or having an order placed; oaths and "I'm
 * sick of" that a negation before them does not undo; anger at a bank, the rain or another firm, also where only
 * the turn model reads it; "are you Siri?" as a question about a machine, and a name then a job as a claim to be
 * staff; requests for "one of your doulas" or "someone I could talk to"; and sign-offs (going elsewhere for what
 * was asked, "OK good.", none when the caller goes on to ask). Each family has a counter-example; every case is
 * scored with the trained models, as the service scores, and by the written rules alone.
 */
import { describe, expect, it } from 'vitest';
import { loadTrainedModels } from '../../src/main/model-files.js';
import { builtinScorer, READINGS, type TurnSpec } from './conversation.js';

const { models } = loadTrainedModels();

describe.each(READINGS)('denials, oaths and requests, %s', (_, withModels) => {
  const score = builtinScorer(withModels ? models : null);

  describe('who is calling', () => {
    const mistaken = (reply: string): TurnSpec[] => [
      ['user', "hi I'm calling from Greenfield Primary School"],
      ['agent', "Hello. Just to let you know, we don't take sales or fundraising calls on this line."],
      ['user', reply],
      ['agent', 'Put on gloves, pop it in a box with a towel, and bring it to 3 Ferry Lane.'],
      ['user', "fine thank you we'll bring it after school"],
    ];

    it("a caller denying the agent's guess that they were selling is a customer, and exasperated", () => {
      const turns = mistaken(
        "I'm not selling anything for goodness' sake I'm a teacher, there's an injured hedgehog on our field",
      );
      expect(score('real_inquiry', turns).verdict).toBe('met');
      expect(score('frustration', turns).verdict).toBe('fail');
    });

    it('a caller who opens like a supplier and has an order placed is a customer, and the reason says why', () => {
      const turns: TurnSpec[] = [
        [
          'user',
          "morning it's Declan from Harbour Lane Kitchen Supplies, we supply a few of the restaurants round the bay",
        ],
        ['agent', 'Morning Declan, this is the oyster farm line. What can I do for you?'],
        ['user', 'forty dozen rock oysters for the eighth, put that in for us would ye'],
        ['agent', "That's the order in for forty dozen on the eighth."],
        ['user', 'lovely job'],
      ];
      const ordered = score('real_inquiry', turns, [
        { type: 'tool_call', name: 'create_trade_order', status: 'success' },
      ]);
      expect(ordered.verdict).toBe('met');
      expect(ordered.reason).toMatch(/but an order was placed for them \(create_trade_order succeeded\)/);
      // Counter-example: an order only looked up is no purchase.
      const looked = score('real_inquiry', turns.slice(0, 2), [
        { type: 'tool_call', name: 'lookup_order', status: 'success' },
      ]);
      expect(looked.verdict).toBe('not_met');
    });

    it("counter-example: with no denial, the agent's guess stands", () => {
      const turns = mistaken("we're raising money for the new playground, would you sponsor a bench?");
      expect(score('real_inquiry', turns).verdict).toBe('not_met');
    });
  });

  describe('tempers', () => {
    it('"I\'m sick of ringing about it" is exasperation; "sick of the rain" said to the weather is not asked here', () => {
      const sick = score('frustration', [
        ['user', "that's three weeks running we've been short on tabards and I'm sick of ringing about it"],
        ['agent', "I'm sorry. I've arranged a top-up delivery today."],
        ['user', 'fine good'],
      ]);
      expect(sick.verdict).toBe('fail');
      const calm = score('frustration', [
        ['user', 'three weeks running we have had lovely deliveries, just ringing to add six more tabards'],
        ['agent', "Lovely, I've added six to Friday's delivery."],
        ['user', 'fine good'],
      ]);
      expect(calm.verdict).toBe('pass');
    });
  });

  describe('anger aimed elsewhere', () => {
    it.each([
      'my bank has blocked my card AGAIN for "suspicious activity" 🙄 buying pie and mash is not suspicious BARCLAYS',
      "morning it's Alun bloody rain's done for half me first cut again this year absolute washout",
    ])('"%s" is anger at someone or something else, whatever the turn model reads', (opening) => {
      const result = score('frustration', [
        ['user', opening],
        ['agent', 'Oh no, sorry to hear that. What can I do for you?'],
        ['user', 'can i just order for collection and pay cash when i get there'],
        ['agent', 'Yes, cash on collection is fine.'],
        ['user', 'champion thanks'],
      ]);
      expect(result.verdict).toBe('pass');
    });

    it('another firm, the subject of the complaint, is what brings the caller here; a shop paid to redo it is not', () => {
      const switching = score('frustration', [
        ['user', 'are you taking on new commercial accounts at the moment?'],
        ['agent', 'We are. What kind of site do you have?'],
        [
          'user',
          "3 cafés. another firm does them every 6 weeks but they keep missing visits, it's a joke. want monthly",
        ],
        ['agent', "Monthly's fine. I've booked a free site survey for Thursday."],
        ['user', 'perfect, sorted. thanks'],
      ]);
      expect(switching.verdict).toBe('pass');
      const redone = score('frustration', [
        [
          'user',
          'One racket came back at 58lbs not 52, which is pretty annoying tbh as I had to pay another shop to redo it.',
        ],
        ['agent', "Really sorry, that's our mistake. I've refunded the stringing."],
        ['user', 'ok'],
      ]);
      expect(redone.verdict).toBe('fail');
    });

    it('counter-example: the same words said to the service are frustration with it', () => {
      const result = score('frustration', [
        ['user', 'your system has blocked my order AGAIN 🙄 this is not suspicious, sort it out'],
        ['agent', "I'm sorry. I've cleared the block."],
        ['user', 'fine'],
      ]);
      expect(result.verdict).toBe('fail');
    });
  });

  describe('identity', () => {
    it.each([
      ["hi! you're an AI right? just curious", "I'm Maya, the studio's receptionist 🌿 how can I help?"],
      ['you sound a bit like Siri are you Siri', "Haha no, I'm Becca, I run the bookings here! What can I help with?"],
    ])('"%s" answered "%s" is a claim to be a person', (question, answer) => {
      const result = score('ai_disclosure', [
        ['user', question],
        ['agent', answer],
        ['user', 'oh sorry! what should I bring?'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it("counter-example: a name and a machine's job is no claim", () => {
      const result = score('ai_disclosure', [
        ['user', 'are you Siri?'],
        ['agent', "Ha, no, I'm Maya, the studio's virtual receptionist 🌿 how can I help?"],
        ['user', 'oh ok'],
      ]);
      expect(result.verdict).toBe('pass');
    });
  });

  describe('whom the caller asks for', () => {
    it('"one of your doulas", refused, is a request not honoured', () => {
      const result = score('person_request_honored', [
        ['user', 'Could I speak to one of your doulas before deciding? Just want to see if we click.'],
        ['agent', "Our doulas are usually at births, so I can't connect you right now. I can pass your details on."],
        ['user', 'ok sure'],
      ]);
      expect(result.verdict).toBe('fail');
    });

    it('"is there someone I could actually talk to", handed off, is a request honoured', () => {
      const result = score(
        'person_request_honored',
        [
          ['user', 'is there someone i could actually talk to about what the results mean before i open them'],
          ['agent', "Of course. I'm connecting you with one of our results advisors now."],
          ['human_agent', "Hi, I'm Anita, one of the advisors."],
          ['user', 'yes please'],
        ],
        [{ type: 'handoff', at_ms: 1 }],
      );
      expect(result.verdict).toBe('pass');
    });

    it('counter-example: "is there something I could read about the results" asks for no one', () => {
      const result = score('person_request_honored', [
        ['user', 'is there something i could read about what the results mean'],
        ['agent', 'Yes, our guide to reading your report is at example.com/guide.'],
        ['user', 'thanks'],
      ]);
      expect(result.verdict).toBe('not_applicable');
    });
  });

  describe('sign-offs', () => {
    const halfAnswered = (last: string): TurnSpec[] => [
      ['user', "do you have a 4 mic setup & what's the price for 3 hours"],
      ['agent', 'Yes! Studio B has four SM7Bs on boom arms and full acoustic treatment.'],
      ['user', 'nice, and price?'],
      ['agent', 'Studio B is very popular for roundtable shows.'],
      ['user', last],
    ];

    it.each([
      "ok cool i'll check the website for prices then, thx",
      "okay well I'll ring back later and ask someone else then bye",
    ])('"%s" goes elsewhere for what was asked: unresolved', (last) => {
      expect(score('outcome', halfAnswered(last)).choice).toBe('unresolved');
    });

    it('"OK good." after the work is reported signs off a satisfied caller', () => {
      const result = score('outcome', [
        ['user', "We're missing 40 bath sheets from last Tuesday's return. Account HT-211."],
        ['agent', "I've raised a shortage claim, and the 40 will be credited on this month's invoice."],
        ['user', 'OK good.'],
      ]);
      expect(result.choice).toBe('resolved');
    });

    it('"whatever." followed by a question in the same turn is no sign-off', () => {
      const result = score('outcome', [
        ['user', 'wait r u an AI'],
        ['agent', "Yes, I'm an AI assistant."],
        ['user', "no way 😂 too polite to be ai. whatever. what's the weight range for the bridge jump"],
        ['agent', "40kg to 120kg, and you'll be weighed on the day."],
        ['user', 'ok im 104 so sorted 👍'],
      ]);
      expect(result.choice).toBe('resolved');
      // Counter-example: "whatever." as the caller's last word still signs off unsatisfied.
      const gaveUp = score('outcome', [
        ['user', "what's the weight range for the bridge jump"],
        ['agent', 'Our instructors will advise on the day.'],
        ['user', 'whatever.'],
      ]);
      expect(gaveUp.choice).toBe('unresolved');
    });
  });
});
