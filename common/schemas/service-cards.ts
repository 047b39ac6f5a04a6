import { z } from 'zod';

/** Service cards (SPEC §2 Home, Service Card Management, §9 counts). */

/** An enabled service card with its "Businesses Available" count (SPEC §2 Home, §9). */
export const PublicServiceCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  button_text: z.string(),
  business_type: z.string(),
  route_path: z.string(),
  display_order: z.number().int(),
  business_count: z.number().int().min(0),
});
export type PublicServiceCard = z.infer<typeof PublicServiceCardSchema>;

/** `GET /api/service-cards` → enabled cards in order, with counts. */
export const PublicServiceCardListResponseSchema = z.object({
  serviceCards: z.array(PublicServiceCardSchema),
});

/** A card as the admin sees it: disabled ones too, with `enabled`. */
export const AdminServiceCardSchema = PublicServiceCardSchema.extend({ enabled: z.boolean() });
export type AdminServiceCard = z.infer<typeof AdminServiceCardSchema>;

/** `GET /api/admin/service-cards` → every card by order, with counts. */
export const AdminServiceCardListResponseSchema = z.object({
  serviceCards: z.array(AdminServiceCardSchema),
});

/** `PATCH /api/admin/service-cards/:id`: any of the editable fields (at least one). */
export const ServiceCardEditSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(80),
    description: z.string().trim().max(300).nullable(),
    button_text: z.string().trim().min(1, 'Button text is required').max(40),
    enabled: z.boolean(),
  })
  .partial();
export type ServiceCardEdit = z.output<typeof ServiceCardEditSchema>;

/** `PATCH /api/admin/service-cards/:id` → the saved card. */
export const AdminServiceCardResponseSchema = z.object({ serviceCard: AdminServiceCardSchema });
export type AdminServiceCardResponse = z.infer<typeof AdminServiceCardResponseSchema>;
