import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A Nigerian mobile number in E.164 (`+2348031234567`), or null (issue 37.1). Reads the usual
 * ways of writing one: `0803 123 4567`, `08031234567`, `+234 803 123 4567`, `234803…`,
 * `(0803) 123-4567`. Only numbers valid for Nigeria's mobile ranges are accepted (libphonenumber's
 * mobile metadata): landlines, short codes and other countries' numbers are null.
 */
export function nigerianMobile(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text || text.length > 30) return null;
  // `234803…` without a plus is the international form typed without it.
  const withPlus = /^234\d{10}$/.test(text.replace(/[\s().-]/g, ''))
    ? `+${text.replace(/[\s().-]/g, '')}`
    : text;
  const parsed = parsePhoneNumberFromString(withPlus, 'NG');
  if (!parsed || parsed.country !== 'NG' || !parsed.isValid()) return null;
  return parsed.number;
}

/** `+2348031234567` → `0803 123 4567`, as Lagos writes it (for the person's own number only). */
export function localFormat(e164: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : e164;
}
