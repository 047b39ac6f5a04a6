/**
 * Safety the stranded motorist can act on (issue 38.5, ADR 082): short tips and the official
 * numbers to call, each number with the source that confirms it. The spec's 199 and 112 stay in
 * the emergency notice (SPEC §2, §9). Only numbers an agency itself announced are here; the
 * source is shown beside each on the screen.
 */

/** A number to call, with who answers it and where it was announced. */
export interface OfficialNumber {
  /** What the caller dials (`tel:` without spaces). */
  dial: string;
  /** As written for a Lagos reader. */
  shown: string;
  who: string;
  /** When to call it. */
  use: string;
  /** The announcement that confirms the number. */
  source: string;
}

export const OFFICIAL_NUMBERS: readonly OfficialNumber[] = [
  {
    dial: '767',
    shown: '767',
    who: 'Lagos State emergency line',
    use: 'Crashes, fire and danger anywhere in Lagos. Free on every network.',
    // Lagos State Command and Control Centre, General Manager Kennedy Giwa, campaign on the
    // emergency numbers 767 and 112 (November 2025, reported by NAN and Ashe News Daily).
    source: 'Lagos State Command and Control Centre, November 2025',
  },
  {
    dial: '122',
    shown: '122',
    who: 'FRSC (Federal Road Safety Corps)',
    use: 'Crashes and obstructions on highways, such as the Lagos–Ibadan Expressway.',
    // FRSC Corps Marshal Dauda Ali Biu's statement by the Corps Public Education Officer, Bisi
    // Kazeem, 1 October 2023 ("the FRSC toll-free number, 122"; reported by Punch and NAN).
    source: 'FRSC Corps Marshal’s statement, 1 October 2023',
  },
  {
    dial: '3367',
    shown: '3367',
    who: 'LASTMA (Lagos State Traffic Management Authority)',
    use: 'A broken-down car blocking traffic, or to check a tow truck that says it is LASTMA. Free on MTN, Glo and 9mobile.',
    // LASTMA General Manager Olalekan Bakare-Oki announcing the toll-free short code 3367,
    // replacing the agency's earlier line (reported by P.M. News and Freela News, 2025).
    source: 'LASTMA General Manager’s announcement, 2025',
  },
];

/** The tips, each short enough to read on a roadside. */
export const SAFETY_TIPS: readonly { tip: string; why: string }[] = [
  {
    tip: 'Get the car off the road if you can, switch on the hazard lights and stand away from the traffic.',
    why: 'Most roadside injuries happen to people standing by a stopped car.',
  },
  {
    tip: 'Agree the price before any tow starts: the fee, the distance and where the car goes.',
    why: 'Touts ask for ₦10,000 and more once the car is hooked.',
  },
  {
    tip: 'Ask a tow driver for ID, and look for the LASTMA sticker and the agency’s name on the truck. If in doubt, call LASTMA on 3367 before you hand over the car.',
    // Punch and The Sun have reported fake "LASTMA" tow vans with forged stickers used to steal cars.
    why: 'Fake “LASTMA” tow vans with forged stickers have been used to steal cars.',
  },
  {
    tip: 'Send your location to someone you trust before help arrives.',
    why: 'Someone will know where you are and who came.',
  },
];
