import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A Nigerian phone number in E.164 (`+2348012345678`), or null when it cannot be read as one.
 * Local forms (`0801 234 5678`) are read with Nigeria as the default country.
 */
export function toE164(
  phone: string | null | undefined,
  defaultCountry: 'NG' = 'NG',
): string | null {
  if (!phone?.trim()) return null;
  const parsed = parsePhoneNumberFromString(phone, defaultCountry);
  return parsed?.isPossible() ? parsed.number : null;
}
