import dayjs from 'dayjs';
import 'dayjs/locale/en';

/**
 * dayjs in en_US, for the pages that show dates. It loads apart from index.ts, when the logged-in
 * shell does, so the login page (which shows no date) goes without dayjs.
 */
export function applyDayjsLocale() {
  dayjs.locale('en');
}
