/** An enabled service card with its "Businesses Available" count (SPEC §2 Home, §9). */
export interface PublicServiceCard {
  id: string;
  title: string;
  description: string | null;
  button_text: string;
  business_type: string;
  route_path: string;
  display_order: number;
  business_count: number;
}
