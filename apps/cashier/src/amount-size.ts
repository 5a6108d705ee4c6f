/**
 * A long amount is set smaller, so that it stays on one line on a phone: at 2rem a 19-character
 * amount (999999999999.999999) broke in the middle of its digits at 390 px.
 */
export function amountSizeClass(amount: string): string {
  if (amount.length > 16) return 'amount--longer';
  if (amount.length > 11) return 'amount--long';
  return '';
}
