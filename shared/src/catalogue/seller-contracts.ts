import * as z from 'zod';

/**
 * GET seller/{id}: what the seller modal and the public seller page show (01 §2, 02 §2). Only
 * public fields: never e-mail, phone, IBAN or verification data.
 */
export const sellerPublicCompanySchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  header_logo: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  region_id: z.number().int().nullable(),
  region: z.string().nullable(),
  url: z.string().nullable(),
  background_color: z.string().nullable(),
  text_color: z.string().nullable(),
  header_1: z.string().nullable(),
  header_2: z.string().nullable(),
});

export const sellerProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  company: sellerPublicCompanySchema.nullable(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const SELLER_NOT_FOUND = 'Verkäufer nicht gefunden.';
