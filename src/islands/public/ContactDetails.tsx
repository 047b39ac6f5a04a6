import { useEffect, useState } from 'react';
import { apiGet } from '../../browser/api-client';
import { directionsUrl, inquiryMailto, whatsappUrl } from '../../browser/contact-links';
import { toast } from '../../browser/toast-lite';
import type { BusinessContact } from '../../../common/schemas/directory';
import { fullAddress, type BusinessCardData } from '../../../common/schemas/listing';
import { Icon } from '../shared/Icon';
import { useSession } from './useSession';

/** SPEC §9: the copy confirmation icon resets after 2 seconds. */
const COPY_RESET_MS = 2_000;

function CopyButton({ value, label }: { value: string; label: 'Phone number' | 'Email' }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success('Copied!', { description: `${label} copied to clipboard.` });
    } catch {
      toast.error('Copy failed', {
        description: 'Unable to copy to clipboard. Please select and copy manually.',
      });
    }
  };
  return (
    <button
      type="button"
      className="icon-button"
      onClick={copy}
      aria-label={`Copy ${label.toLowerCase()}`}
    >
      {copied ? <Icon name="check" size={16} /> : <Icon name="copy" size={16} />}
    </button>
  );
}

/** SPEC §2: what an anonymous visitor sees for a registered_users_only listing. */
export function ProtectedContactNotice() {
  return (
    <div className="protected-notice">
      <p className="protected-title">
        <Icon name="lock" size={16} /> Contact details protected
      </p>
      <p className="small">
        The business owner has chosen to show contact information only to registered users.
      </p>
      <p className="small">
        <strong>Sign in to access:</strong>
      </p>
      <ul className="small">
        <li>Direct phone contact</li>
        <li>Email the business</li>
        <li>Full address</li>
        <li>Quick contact options</li>
      </ul>
      <div className="protected-actions">
        <a className="btn" href="/auth">
          Sign In / Create Free Account
        </a>
        <a className="btn btn-outline" href="/contact">
          Contact Us Instead
        </a>
      </div>
      <p className="small muted">Free account • No spam • Instant access</p>
    </div>
  );
}

function ContactList({
  contact,
  businessName,
  signedIn,
}: {
  contact: BusinessContact;
  businessName: string;
  signedIn: boolean;
}) {
  const { phone, email, address } = contact;
  if (!phone && !email && !address) {
    return <p className="muted">Contact information is not available for this business.</p>;
  }
  const telNumber = contact.phone_e164 ?? phone?.replace(/\s+/g, '');
  return (
    <>
      <ul className="contact-list">
        {phone && (
          <li>
            <Icon name="phone" size={16} />
            <a href={`tel:${telNumber}`} data-beacon="call_tap">
              {phone}
            </a>
            <CopyButton value={phone} label="Phone number" />
          </li>
        )}
        {email && (
          <li>
            <Icon name="mail" size={16} />
            <a href={`mailto:${email}`}>{email}</a>
            <CopyButton value={email} label="Email" />
          </li>
        )}
        {address && (
          <li>
            <Icon name="map-pin" size={16} />
            <span>{fullAddress(address, contact.city, contact.state)}</span>
          </li>
        )}
      </ul>
      {signedIn && (
        <div className="contact-actions">
          <button
            type="button"
            className="btn"
            onClick={() => {
              if (!email) {
                toast.error('Email Not Available', {
                  description: 'Email contact information is not available for this business.',
                });
                return;
              }
              window.location.href = inquiryMailto(email, businessName);
            }}
          >
            <Icon name="mail" size={16} /> Send Email
          </button>
          {telNumber && (
            <a className="btn btn-outline" href={`tel:${telNumber}`} data-beacon="call_tap">
              <Icon name="phone" size={16} /> Call
            </a>
          )}
          {contact.whatsapp_e164 && (
            <a
              className="btn btn-outline"
              href={whatsappUrl(contact.whatsapp_e164)}
              target="_blank"
              rel="noopener"
              data-beacon="whatsapp_tap"
            >
              <Icon name="message-circle" size={16} /> WhatsApp
            </a>
          )}
          {(address || contact.city) && (
            <a
              className="btn btn-outline"
              href={directionsUrl(businessName, contact)}
              target="_blank"
              rel="noopener"
              data-beacon="directions_tap"
            >
              <Icon name="navigation" size={16} /> Get directions
            </a>
          )}
        </div>
      )}
    </>
  );
}

/**
 * Contact Information of the detail dialog (SPEC §2, §6). Signed-in users get every listing's
 * details from the session-checked endpoint; visitors see the public view, or the protected
 * notice for registered_users_only listings.
 */
export function ContactDetails({ business }: { business: BusinessCardData }) {
  const { loading, user } = useSession();
  const [contact, setContact] = useState<BusinessContact | null>(null);
  /** true, or the server's message when it says why (e-mail not confirmed, too many views). */
  const [failed, setFailed] = useState<boolean | string>(false);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    setContact(null);
    setFailed(false);
    void apiGet<{ contact: BusinessContact }>(`/api/listings/${business.id}/contact`).then(
      (result) => {
        if (cancelled) return;
        if (result.ok) setContact(result.data.contact);
        else
          setFailed(
            result.error.code === 'FORBIDDEN' || result.error.code === 'RATE_LIMITED'
              ? result.error.message
              : true,
          );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [user, business.id]);

  if (user) {
    if (failed)
      return (
        <p className="muted">
          {typeof failed === 'string'
            ? failed
            : 'Contact information is not available for this business.'}
        </p>
      );
    if (!contact) return <p className="muted">Loading contact details...</p>;
    return <ContactList contact={contact} businessName={business.business_name} signedIn />;
  }
  if (loading && business.contact_protected)
    return <p className="muted">Loading contact details...</p>;
  if (business.contact_protected) return <ProtectedContactNotice />;
  const publicContact: BusinessContact = {
    email: business.email,
    phone: business.phone,
    whatsapp: business.whatsapp,
    address: business.address,
    city: business.city,
    state: business.state,
    latitude: business.latitude,
    longitude: business.longitude,
    phone_e164: null,
    whatsapp_e164: null,
  };
  return (
    <ContactList contact={publicContact} businessName={business.business_name} signedIn={false} />
  );
}
