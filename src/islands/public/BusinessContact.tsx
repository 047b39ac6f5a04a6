import type { PublicBusiness } from '../../../common/schemas/listing';
import { ContactDetails } from './ContactDetails';

/** Contact block of a business page: the same session-checked reveal as the detail dialog. */
export default function BusinessContact({ business }: { business: PublicBusiness }) {
  return <ContactDetails business={business} />;
}
