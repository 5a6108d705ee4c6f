/**
 * What every exported cell goes through: dates in the merchant's time zone in the SPEC's
 * format (year/month/day hour:minute:second), and text that a spreadsheet would run as a
 * formula neutralized. A plain decimal ("-5.00", a fund flow's debit) is a number to a
 * spreadsheet, never a formula, so it is written as it is; in any other text a single quote goes
 * before each =, +, -, @, tab or CR that starts it or follows a ; , tab or line break (OWASP's
 * CSV injection advice, extended: Excel in a locale whose list separator is `;`, such as de-DE
 * or fr-FR, splits our comma-separated lines at each `;`, so `Shop;=1+1;` would open as a live
 * `=1+1` cell; a separator or a line break starts a new cell for some reader).
 */
// Every position where a formula character starts the text or follows a separator: each gets
// its quote (a zero-width match, so `\t@` gets two and a second pass changes nothing).
const FORMULA_AT = /(?<=^|[;,\t\r\n])(?=[=+\-@\t\r])/g;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function neutralizeCell(value: string): string {
  return PLAIN_DECIMAL.test(value) ? value : value.replace(FORMULA_AT, "'");
}

/** Whether neutralizeCell would change this text. */
export function needsNeutralizing(value: string): boolean {
  return neutralizeCell(value) !== value;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Offsets change at most every quarter hour: one Intl lookup per quarter hour seen, not per cell. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * A formatter of instants as `YYYY/MM/DD HH:mm:ss` in `timeZone` (an IANA name; Node's ICU
 * carries the zone data, which PGlite does not). Exports format a million dates: the zone's
 * offset is looked up once per quarter hour and the digits are made by hand.
 */
export function createDateFormatter(timeZone: string): (date: Date | null) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR_MS;
      const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      const local = Date.UTC(
        Number(p.year),
        Number(p.month) - 1,
        Number(p.day),
        Number(p.hour),
        Number(p.minute),
        Number(p.second),
      );
      offset = local - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  return (date) => {
    if (date === null) return '';
    const ms = date.getTime();
    const d = new Date(ms + offsetAt(ms));
    return `${d.getUTCFullYear()}/${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  };
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
