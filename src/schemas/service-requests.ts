import { z } from 'zod';
import { isoDateTime } from './api';

/**
 * Find It requests as the admin handles them (SPEC §2 Requests tab, §3 service_requests, §4:
 * pending → handled, no way back). The public Find It form is `FindItSchema` in `forms.ts`.
 */
export const ServiceRequestSchema = z.object({
  id: z.uuid(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  customer_location: z.string(),
  services_requested: z.array(z.string()),
  additional_info: z.string().nullable(),
  status: z.enum(['pending', 'handled']),
  created_at: isoDateTime,
  handled_at: isoDateTime.nullable(),
  email_status: z.enum(['sent', 'failed']).nullable(),
});
export type ServiceRequest = z.infer<typeof ServiceRequestSchema>;

/** `GET /api/admin/service-requests` → newest first. */
export const ServiceRequestListResponseSchema = z.object({
  serviceRequests: z.array(ServiceRequestSchema),
});
/** `POST /api/admin/service-requests/:id/handle` → the handled request. */
export const ServiceRequestResponseSchema = z.object({ serviceRequest: ServiceRequestSchema });
