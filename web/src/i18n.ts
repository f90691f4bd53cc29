// The reader's language: the pages' words come from the message catalogues
// the Go code reads too (lang/catalog/{code}.json, package lang), one per
// language. A message is a text with {{.Name}} parameters, or, for one that
// counts, its CLDR plural forms, chosen with the browser's Intl.PluralRules.
//
// The language is the one chosen on a page (the selector in the header,
// remembered in this browser), else the first of the browser's languages
// (its Accept-Language) that a catalogue has, else English. <html lang> says
// it.

import de from '../../lang/catalog/de.json';
import en from '../../lang/catalog/en.json';
import es from '../../lang/catalog/es.json';
import fr from '../../lang/catalog/fr.json';
import ro from '../../lang/catalog/ro.json';
import ru from '../../lang/catalog/ru.json';
import sq from '../../lang/catalog/sq.json';

type Message = string | Record<string, string>;
type Catalogue = Record<string, Message>;

/** The catalogues by language code, English first. */
export const catalogues: Record<string, Catalogue> = { en, ro, sq, fr, de, es, ru };
export const codes = Object.keys(catalogues);

const storeKey = 'arbiter.lang';

/** The language the pages speak: chosen, else the browser's, else English. */
export function pick(chosen: string | null, browser: readonly string[]): string {
  if (chosen && catalogues[chosen]) return chosen;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (catalogues[base]) return base;
  }
  return 'en';
}

let current = 'en';
try {
  current = pick(localStorage.getItem(storeKey), navigator.languages ?? [navigator.language]);
} catch {
  current = pick(null, navigator.languages ?? []);
}
document.documentElement.lang = current;

/** The language code the pages speak now. */
export const lang = () => current;

/** Chooses the language, remembers it in this browser and draws the page again. */
export function setLang(code: string) {
  if (!catalogues[code]) return;
  localStorage.setItem(storeKey, code);
  location.reload();
}

// A parameter is {{.Name}}, or {{.Name.Form}} for one form of a piece's or
// a side's name (piece.N.obj: "the knight", Romanian "calul", Russian
// "коня"), as the Go templates read the same catalogues.
const fill = (s: string, args: Record<string, unknown>) =>
  s.replace(/\{\{\s*\.(\w+)(?:\.(\w+))?\s*\}\}/g, (_, k: string, form?: string) => {
    const v = args[k];
    if (v === undefined || v === null) return '';
    if (form) return typeof v === 'object' ? String((v as Record<string, unknown>)[form] ?? '') : '';
    return String(v);
  });

/** The forms of a piece's name that the catalogues' sentences use ({{.Piece}} the bare name, {{.Piece.Obj}} and the others). */
export interface PieceForms {
  Name: string;
  The: string;
  Obj: string;
  With: string;
  A: string;
  toString(): string;
}

/** The forms of the name of the piece of a letter (K, Q, R, B, N, P, either case; '' for a piece not named: "the piece"). */
export function pieceForms(letter: string): PieceForms {
  const key = letter ? `piece.${letter.toUpperCase()}` : 'piece.any';
  const name = t(key);
  return { Name: name, The: t(`${key}.the`), Obj: t(`${key}.obj`), With: t(`${key}.with`), A: t(`${key}.a`), toString: () => name };
}

/** The forms of a side's name in running text: {{.Opp}} as the subject, {{.Opp.Gen}} as the one whose move it is. */
export function sideForms(side: string): { Name: string; Gen: string; toString(): string } {
  const name = t(`colour.${side}`);
  return { Name: name, Gen: t(`colour.${side}.gen`), toString: () => name };
}

/** A message in the page's language with its parameters. */
export function t(id: string, args: Record<string, unknown> = {}): string {
  const m = catalogues[current][id] ?? catalogues.en[id];
  if (m === undefined) return id;
  if (typeof m === 'string') return fill(m, args);
  return fill(m.other ?? '', args);
}

/** A message that counts, in the plural form CLDR gives count in the page's language. */
export function n(id: string, count: number, args: Record<string, unknown> = {}): string {
  const m = catalogues[current][id] ?? catalogues.en[id];
  if (m === undefined) return id;
  if (typeof m === 'string') return fill(m, { ...args, Count: count });
  const form = new Intl.PluralRules(current).select(count);
  return fill(m[form] ?? m.other ?? '', { ...args, Count: count });
}

/** Whether the catalogue has a message. */
export const has = (id: string) => catalogues[current][id] !== undefined;

/** A sentence's first letter in upper case. */
export const capital = (s: string) => (s ? s[0].toLocaleUpperCase(current) + s.slice(1) : s);

/** The piece letters of the reader's notation (Romanian R D T N C, German K D T L S...); SAN stays English elsewhere. */
export function san(s: string): string {
  if (!s || current === 'en') return s;
  return s.replace(/[KQRBN]/g, p => t(`letter.${p}`));
}
