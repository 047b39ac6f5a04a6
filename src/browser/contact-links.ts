import type { BusinessContact } from '../../common/schemas/directory';
import { fullAddress } from '../../common/schemas/listing';

/** A Google Maps search for the business by name and address, the common way Lagos drivers navigate. */
export function directionsUrl(
  name: string,
  contact: Pick<BusinessContact, 'address' | 'city' | 'state'>,
): string {
  const query = [
    name,
    fullAddress(contact.address, contact.city, contact.state ?? 'Lagos'),
    'Nigeria',
  ]
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** SPEC §6: a mail draft with subject "Inquiry about {business}" and a greeting. */
export function inquiryMailto(email: string, businessName: string): string {
  const subject = `Inquiry about ${businessName}`;
  const body = `Hello ${businessName},\n\nI found your business on Lagos Auto Hub and would like to ask about your services.\n\n`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** wa.me link for an E.164 number (`+2348012345678` → `https://wa.me/2348012345678`). */
export function whatsappUrl(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`;
}
