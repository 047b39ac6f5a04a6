import type { PublicBusiness } from '../schemas/directory';
import { ContactDetails } from './directory/ContactDetails';
import { PageToaster } from './Toasts';

/** Contact block of a business page: the same session-checked reveal as the detail dialog. */
export default function BusinessContact({ business }: { business: PublicBusiness }) {
  return (
    <>
      <ContactDetails business={business} />
      <PageToaster />
    </>
  );
}
