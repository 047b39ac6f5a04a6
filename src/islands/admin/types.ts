/** Shapes the admin API returns (see functions/admin/*.handler.ts). Dates are ISO strings. */
export interface AdminRegistration {
  id: string;
  business_name: string;
  business_type: string;
  display_name: string | null;
  business_categories: string[];
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  website: string | null;
  description: string | null;
  services: string | null;
  tags: string[];
  status: 'pending' | 'approved' | 'rejected' | 'suspended';
  featured: boolean;
  display_order: number;
  verification_status: string;
  star_rating: number;
  contact_visibility: 'public' | 'registered_users_only';
  created_at: string;
  source: string | null;
}

export interface AdminUser {
  user_id: string;
  email: string;
  profile_id: string | null;
  display_name: string | null;
  role: 'admin' | 'user';
  created_at: string | null;
  updated_at: string | null;
}

export interface ServiceRequest {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_location: string;
  services_requested: string[];
  additional_info: string | null;
  status: 'pending' | 'handled';
  created_at: string;
  handled_at: string | null;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: 'pending' | 'handled';
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

export interface AdminArticle {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  author: string | null;
  category: string;
  read_time: number;
  published: boolean;
  featured: boolean;
  image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: string;
}

export interface AdminServiceCard {
  id: string;
  title: string;
  description: string | null;
  button_text: string;
  business_type: string;
  route_path: string;
  enabled: boolean;
  display_order: number;
  business_count: number;
}

export interface SentMessage {
  id: string;
  recipient_type: 'users' | 'businesses' | 'custom';
  recipient_emails: string[];
  subject: string;
  message: string;
  sent_at: string;
  sent_count: number;
  failed_count: number;
}

/** Case-insensitive substring match over some fields; a blank query matches all (SPEC §5 Admin search). */
export function matchesQuery(
  query: string,
  ...fields: (string | null | undefined | string[])[]
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => (Array.isArray(f) ? f.join(' ') : (f ?? '')).toLowerCase().includes(q));
}
