import type { Args } from './validators';

// The Basic Catalog's formatting functions (formatNumber, formatCurrency, formatDate, pluralize), in the person's
// locale (`locale` undefined: the browser's own). Each takes evaluated arguments and gives a string, or undefined when
// its value is missing (progressive rendering: the data model may not have arrived yet), never raw JSON.

export type Locale = string | undefined;

const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};
const decimalsOf = (value: unknown): number | undefined => {
  const number = numberOf(value);
  return number === undefined ? undefined : Math.min(20, Math.max(0, Math.trunc(number)));
};

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // A locale or currency code the browser does not know: its default locale, as a plain number.
    const { style: _style, currency: _currency, ...rest } = options;
    return new Intl.NumberFormat(undefined, rest);
  }
}

export function formatNumber(args: Args, locale: Locale): string | undefined {
  const value = numberOf(args.value);
  if (value === undefined) return undefined;
  const decimals = decimalsOf(args.decimals);
  return numberFormat(locale, {
    useGrouping: args.grouping !== false,
    ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  }).format(value);
}

export function formatCurrency(args: Args, locale: Locale): string | undefined {
  const value = numberOf(args.value);
  const currency = typeof args.currency === 'string' ? args.currency.trim().toUpperCase() : '';
  if (value === undefined) return undefined;
  const decimals = decimalsOf(args.decimals);
  const options: Intl.NumberFormatOptions = {
    useGrouping: args.grouping !== false,
    ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  };
  if (!/^[A-Z]{3}$/.test(currency)) return numberFormat(locale, options).format(value);
  try {
    return new Intl.NumberFormat(locale, { ...options, style: 'currency', currency }).format(value);
  } catch {
    return `${numberFormat(locale, options).format(value)} ${currency}`;
  }
}

export function pluralize(args: Args, locale: Locale): string | undefined {
  const value = numberOf(args.value);
  const pick = (key: string) => (typeof args[key] === 'string' ? args[key] : undefined);
  if (value === undefined) return undefined;
  if (value === 0 && pick('zero') !== undefined) return pick('zero');
  let category: string;
  try {
    category = new Intl.PluralRules(locale).select(value);
  } catch {
    category = new Intl.PluralRules().select(value);
  }
  return pick(category) ?? pick('other');
}

/**
 * A date from an ISO text (a bare date is a day in the person's zone, not UTC midnight; a bare time "14:30" a time of
 * day, as a DateTimeInput with only enableTime gives it) or a time in ms.
 */
export function dateOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const date = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    : time
      ? new Date(2000, 0, 1, Number(time[1]), Number(time[2]), Number(time[3] ?? 0))
      : new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function part(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, options);
  } catch {
    format = new Intl.DateTimeFormat(undefined, options);
  }
  return format.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
}

/** One field of a Unicode TR35 pattern (`yyyy`, `MMM`, `EEEE`, `h`, `a`…), or null for a letter it does not know. */
function field(letter: string, width: number, date: Date, locale: Locale): string | null {
  const hours = date.getHours();
  switch (letter) {
    case 'y':
    case 'Y':
    case 'u':
      return width === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), width);
    case 'M':
    case 'L': {
      if (width <= 2) return pad(date.getMonth() + 1, width);
      const month = width === 3 ? 'short' : width === 4 ? 'long' : 'narrow';
      return part(date, locale, { month }, 'month');
    }
    case 'd':
      return pad(date.getDate(), width);
    case 'D': {
      const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
      return pad((day - Date.UTC(date.getFullYear(), 0, 1)) / 86_400_000 + 1, width);
    }
    case 'E':
    case 'c':
    case 'e': {
      const weekday = width === 4 ? 'long' : width >= 5 ? 'narrow' : 'short';
      return part(date, locale, { weekday }, 'weekday');
    }
    case 'a':
      return part(date, locale, { hour: 'numeric', hour12: true }, 'dayPeriod') || (hours < 12 ? 'AM' : 'PM');
    case 'h':
      return pad(hours % 12 === 0 ? 12 : hours % 12, width);
    case 'H':
      return pad(hours, width);
    case 'k':
      return pad(hours === 0 ? 24 : hours, width);
    case 'K':
      return pad(hours % 12, width);
    case 'm':
      return pad(date.getMinutes(), width);
    case 's':
      return pad(date.getSeconds(), width);
    case 'S':
      return pad(date.getMilliseconds(), 3).slice(0, width).padEnd(width, '0');
    case 'z':
    case 'Z':
    case 'O':
    case 'v':
    case 'V':
    case 'x':
    case 'X':
      return part(date, locale, { timeZoneName: width >= 4 ? 'long' : 'short' }, 'timeZoneName');
    case 'G':
      return part(date, locale, { era: width === 4 ? 'long' : 'short' }, 'era');
    default:
      return null;
  }
}

const PATTERN_CAP = 200;

/** A date written with a TR35 pattern ("EEEE, MMMM d, yyyy 'at' h:mm a"), names in the person's locale. */
export function formatDate(args: Args, locale: Locale): string | undefined {
  const date = dateOf(args.value);
  if (!date) return undefined;
  const pattern = typeof args.format === 'string' && args.format !== '' ? args.format.slice(0, PATTERN_CAP) : null;
  if (pattern === null)
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  let out = '';
  for (let index = 0; index < pattern.length;) {
    const char = pattern[index] as string;
    if (char === "'") {
      // '' is a quote; 'text' is literal text, in which '' is a quote too.
      if (pattern[index + 1] === "'") {
        out += "'";
        index += 2;
        continue;
      }
      index += 1;
      while (index < pattern.length) {
        if (pattern[index] === "'" && pattern[index + 1] === "'") {
          out += "'";
          index += 2;
        } else if (pattern[index] === "'") {
          index += 1;
          break;
        } else {
          out += pattern[index];
          index += 1;
        }
      }
      continue;
    }
    if (/[A-Za-z]/.test(char)) {
      let width = 1;
      while (pattern[index + width] === char) width += 1;
      out += field(char, width, date, locale) ?? char.repeat(width);
      index += width;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}
