import { Check, Copy, Lock, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { PublicBusiness } from '../../schemas/directory';

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
      toast.error('Copy failed', { description: 'Unable to copy to clipboard. Please select and copy manually.' });
    }
  };
  return (
    <button type="button" className="icon-button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
      {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
    </button>
  );
}

/** SPEC §2: what an anonymous visitor sees for a registered_users_only listing. */
export function ProtectedContactNotice() {
  return (
    <div className="protected-notice">
      <p className="protected-title">
        <Lock size={16} aria-hidden="true" /> Contact details protected
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

/** Contact Information of the detail dialog (SPEC §2, §6), from the public view. */
export function ContactDetails({ business }: { business: PublicBusiness }) {
  if (business.contact_protected) return <ProtectedContactNotice />;
  const { phone, email, address } = business;
  if (!phone && !email && !address) {
    return <p className="muted">Contact information is not available for this business.</p>;
  }
  return (
    <ul className="contact-list">
      {phone && (
        <li>
          <Phone size={16} aria-hidden="true" />
          <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          <CopyButton value={phone} label="Phone number" />
        </li>
      )}
      {email && (
        <li>
          <Mail size={16} aria-hidden="true" />
          <a href={`mailto:${email}`}>{email}</a>
          <CopyButton value={email} label="Email" />
        </li>
      )}
      {address && (
        <li>
          <MapPin size={16} aria-hidden="true" />
          <span>{[address, business.city, business.state].filter(Boolean).join(', ')}</span>
        </li>
      )}
    </ul>
  );
}
