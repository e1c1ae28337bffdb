import { CATALOGUE, type Catalogue, type Plural } from './catalogue.js';
import type { Language } from './model.js';

/** The catalogue of a language with the locale's formatters: what the explanation and trend texts are built with. */
export interface Wording {
  say: Catalogue;
  /** "12 Mar" / "12 mar." in the child's time zone. */
  day: (instant: string) => string;
  /** "80 %", "45.5 %" / "45,5 %". */
  pct: (value: number) => string;
  /** "+6", "-2.5" / "+6", "-2,5". */
  signed: (value: number) => string;
  /** "3 good sessions" / "3 sesiuni bune", "20 de sesiuni bune". */
  count: (value: number, noun: Plural) => string;
  /** The noun's form for `value` ("points" for 6, "point" for 1). */
  noun: (value: number, noun: Plural) => string;
  /** "Ana P. and Bob M." / "Ana P. și Bob M." */
  list: (names: string[]) => string;
}

const wordings = new Map<string, Wording>();

/** The wording of a language in a time zone, made once: building `Intl` formatters costs more than the texts. */
export function wording(language: Language, timeZone: string): Wording {
  const key = `${language} ${timeZone}`;
  let made = wordings.get(key);
  if (!made) {
    made = wordingOf(language, timeZone);
    wordings.set(key, made);
  }
  return made;
}

function wordingOf(language: Language, timeZone: string): Wording {
  const say = CATALOGUE[language];
  const days = new Intl.DateTimeFormat(say.locale, { timeZone, day: 'numeric', month: 'short' });
  const numbers = new Intl.NumberFormat(say.locale, { maximumFractionDigits: 1 });
  const signedNumbers = new Intl.NumberFormat(say.locale, {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const plurals = new Intl.PluralRules(say.locale);
  const lists = new Intl.ListFormat(say.locale, { style: 'long', type: 'conjunction' });
  const form = (value: number, noun: Plural) => noun[plurals.select(value)] ?? noun.other;
  return {
    say,
    day: (instant) => days.format(new Date(instant)),
    pct: (value) => `${numbers.format(value)} %`,
    signed: (value) => signedNumbers.format(value),
    count: (value, noun) => `${numbers.format(value)} ${form(value, noun)}`,
    noun: form,
    list: (names) => lists.format(names),
  };
}
